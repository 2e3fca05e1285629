#!/bin/sh
# Run a command in a network namespace that holds only loopback, so nothing it starts can reach another
# machine (the room tests prove they need no outside network this way). Works as root and as a plain user.
#
#     tools/sealed.sh python -m pytest -m rooms tests/browser/test_transport.py
exec unshare -rn sh -c 'ip link set lo up && exec "$@"' sealed "$@"
