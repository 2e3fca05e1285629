"""Helper processes that end with the test or benchmark that started them, even when it is killed (a hung test is
ended by pytest-timeout, which gives no ``finally`` a chance): Linux sends them SIGTERM when their parent dies.

    subprocess.Popen(command, preexec_fn=end_with_parent)
"""

from __future__ import annotations

import ctypes
import signal

PR_SET_PDEATHSIG = 1


def end_with_parent() -> None:
    """In a child process before it runs its program: ask for SIGTERM when the parent process dies."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
