// A direct WebRTC channel to one peer, its offer and answer carried by the room's mailbox (mailbox.js).
//
//   const link = openDirect(iceServers, initiator, { signal, onOpen, onMessage, onClose });
//   link.take(data)       an offer or answer the peer signalled
//   link.send(text)       once open
//   await link.path()     "turn" if the channel goes through a TURN server, else "direct"
//   link.close()
//
// The initiator makes the offer; the other side answers. Each side waits for its ICE candidates (at most
// GATHER_LIMIT_MS) and signals them in its description, so one message each way sets the channel up.
//
// A channel that goes "disconnected" is closed if it has not healed within HEAL_MS: the room's relays carry on
// then (transport.js). In the network lab a channel through TURN sometimes stopped passing packets after a few
// seconds, and a vanished browser never says "failed", only "disconnected"; but on a busy CPU a healthy channel's
// connectivity checks run late, and it says "disconnected" for a moment too.
const HEAL_MS = 2500;

// Without a limit, a STUN server that never answers keeps ICE gathering going for many seconds; the
// candidates found by then are the ones that matter.
const GATHER_LIMIT_MS = 2500;

/** A channel to one peer, set up through `signal(data)` and the peer's answers given to `take`. */
export function openDirect(iceServers, initiator, { signal, onOpen, onMessage, onClose }) {
  const pc = new RTCPeerConnection({ iceServers });
  const attempt = Math.random().toString(36).slice(2, 10); // an answer names the offer it answers
  let channel = null;
  let closed = false;
  let healing = null; // the timer that closes a channel still "disconnected" after HEAL_MS

  function close() {
    if (closed) return;
    closed = true;
    clearTimeout(healing);
    pc.close();
    onClose();
  }

  let announced = false;
  function attach(opened) {
    channel = opened;
    // The answering side gets its channel open already, and may still hear its "open": said once either way.
    const open = () => {
      if (announced || closed) return;
      announced = true;
      onOpen();
    };
    channel.onopen = open;
    channel.onmessage = ({ data }) => typeof data === "string" && onMessage(data);
    channel.onclose = close;
    if (channel.readyState === "open") open();
  }

  pc.onconnectionstatechange = () => {
    const state = pc.connectionState;
    if (state === "disconnected") healing ??= setTimeout(close, HEAL_MS);
    else if (state === "failed" || state === "closed") close();
    else if (state === "connected") {
      clearTimeout(healing);
      healing = null;
    }
  };

  async function describe(kind, answering) {
    await pc.setLocalDescription();
    await gathered(pc);
    if (!closed) signal({ kind, sdp: pc.localDescription.sdp, attempt: answering ?? attempt });
  }

  if (initiator) {
    attach(pc.createDataChannel("text"));
    describe("offer").catch(close);
  } else {
    pc.ondatachannel = (event) => attach(event.channel);
  }

  return {
    async take(data) {
      const wanted = initiator ? "answer" : "offer";
      if (closed || data?.kind !== wanted || typeof data.sdp !== "string" || typeof data.attempt !== "string") return;
      if (initiator && data.attempt !== attempt) return; // an answer to an earlier offer
      try {
        await pc.setRemoteDescription({ type: wanted, sdp: data.sdp });
        if (!initiator) await describe("answer", data.attempt);
      } catch {
        close(); // a description the browser refuses: the relays carry this peer's messages instead
      }
    },
    send(text) {
      // A channel that is closing right now loses the message, as any network would; onClose follows.
      if (channel?.readyState === "open") channel.send(text);
    },
    async path() {
      const stats = await pc.getStats().catch(() => null);
      const reports = stats ? [...stats.values()] : [];
      const pair = reports.find((report) => report.type === "candidate-pair" && report.nominated);
      const ends = pair ? [stats.get(pair.localCandidateId), stats.get(pair.remoteCandidateId)] : [];
      return ends.some((end) => end?.candidateType === "relay") ? "turn" : "direct";
    },
    close,
  };
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => pc.iceGatheringState === "complete" && done();
    const timer = setTimeout(done, GATHER_LIMIT_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}
