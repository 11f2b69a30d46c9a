"""Chinese text with a run of dates (round 49): the adverb block of the Chinese patterns read
each date two ways (2019年3月 or 2019年 + 3月) and any run of them split between its two loops,
so a failing match took exponential time: 24 dates (224 characters) over 25 s, 40 never ended.
Dates are now read one way (an atomic group) and at most 12 adverbs stand between a subject and
its verb. A liveness check, not a speed claim: the run must end (the limit is minutes above the
fixed code's time); the dated readings stay as they were."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone

from recall_memory_plugins import TemporalGraphMemory

RUN = """
from recall_memory_plugins import TemporalGraphMemory
m = TemporalGraphMemory(":memory:", annotator="offline")
m.add("张三" + "2019年3月5日" * 40 + "在北京工作。")
m.add("".join(f"{1990 + i}年{1 + i % 12}月{1 + i % 28}日" for i in range(40)) + "李四搬到了上海")
print("done")
"""


def test_a_run_of_chinese_dates_ends() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RUN], capture_output=True, text=True, timeout=240, check=False
    )
    assert done.returncode == 0 and done.stdout.strip() == "done", done.stderr[-2000:]


def test_dated_chinese_changes_keep_their_dates() -> None:
    at = datetime(2024, 6, 1, tzinfo=timezone.utc)
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("李四2019年3月搬到了上海。", at=at)
        memory.add("王五2020年5月10日加入了腾讯。", at=at)
        found = {
            (r.subject_name, r.object_name): r.valid_from.date().isoformat()
            for r in memory.relations()
        }
    assert found == {("李四", "上海"): "2019-03-01", ("王五", "腾讯"): "2020-05-10"}
