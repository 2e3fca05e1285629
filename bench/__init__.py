"""`make bench`: boot, bytes, click-to-paint, engine throughput and bot decision times, measured in one run.

``python -m bench.run`` orchestrates it (see bench/README.md); ``BENCH_QUICK=1`` makes a tiny run.
"""
