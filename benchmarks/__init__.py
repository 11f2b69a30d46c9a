"""Benchmarks of recall-memory-plugins: quality against the baselines people use, speed, scaling.

One command per suite, each with ``--smoke`` (seconds, for CI) and ``--out DIR``::

    python -m benchmarks.locomo      # LOCOMO evidence recall vs window / BM25 / dense / fusion
    python -m benchmarks.temporal    # belief updating: current value vs stale value (EN + ZH)
    python -m benchmarks.duorc       # RecallM's DuoRC plots: answer-in-context vs dense vectors
    python -m benchmarks.speed       # ingest throughput, recall latency, scaling, DB size

Results (Markdown + JSON + PNG) go to ``benchmarks/results/``; ``benchmarks/README.md`` sums
them up. Benchmarks are not timed tests: ``tests/integration/test_benchmarks_smoke.py`` only
checks that each ``--smoke`` run completes and its numbers are sane.
"""
