"""Time and peak memory of every hostile-file refusal by ``check`` (one process per file).

Run: ``python benchmarks/refusal_figures.py``. Each hostile file of ``tests/hostile.py`` is
checked in a fresh process; the figures are the wall-clock time of the check itself, the
growth of the process's peak resident memory over the imports, the process's whole peak,
and the peak of Python allocations during the check (tracemalloc, a second run). Targets: every refusal
< 1 s and < 200 MB. Prints one line per file, then the worst of each.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.hostile import make_hostile_files  # noqa: E402

PROBE = r"""
import json, resource, sys, time, tracemalloc
from shogun_desktop.check import check_paths
import shogun_desktop.data.board, shogun_desktop.rules.save, shogun_desktop.scenario  # noqa
import shogun_desktop.tower.geometry, shogun_desktop.data.mapdata  # noqa
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.perf_counter()
lines = list(check_paths([sys.argv[1]]))
seconds = time.perf_counter() - t0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start()
list(check_paths([sys.argv[1]]))
traced = tracemalloc.get_traced_memory()[1]
print(json.dumps({"seconds": seconds, "mb": (peak - base) / 1024, "peak_mb": peak / 1024,
                  "traced_mb": traced / 2**20,
                  "refused": any(not ok for _, ok in lines), "line": lines[-1][0][:90]}))
"""


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in make_hostile_files(Path(tmp)):
            proc = subprocess.run([sys.executable, "-c", PROBE, str(case.path)], cwd=REPO,
                                  capture_output=True, text=True, timeout=60)
            if proc.returncode != 0:
                print(f"{case.path.name}: the probe failed: {proc.stderr[-300:]}")
                continue
            row = json.loads(proc.stdout)
            row["name"] = f"{case.path.parent.name}/{case.path.name}"
            rows.append(row)
            print(f"{row['seconds'] * 1000:8.1f} ms {row['mb']:6.1f} MB more RSS "
                  f"(peak {row['peak_mb']:5.1f} MB, Python allocations {row['traced_mb']:5.1f} MB)  "
                  f"{'refused' if row['refused'] else 'ACCEPTED'}  {row['name']}")
    worst_t = max(rows, key=lambda r: r["seconds"])
    worst_m = max(rows, key=lambda r: r["peak_mb"])
    worst_py = max(rows, key=lambda r: r["traced_mb"])
    print(f"{len(rows)} hostile files, {sum(r['refused'] for r in rows)} refused")
    print(f"worst time:   {worst_t['seconds'] * 1000:.1f} ms ({worst_t['name']}; target < 1 s)")
    print(f"worst memory: process peak {worst_m['peak_mb']:.1f} MB including the imports "
          f"({worst_m['name']}); Python allocations of one refusal {worst_py['traced_mb']:.1f} MB "
          f"({worst_py['name']}); target < 200 MB")


if __name__ == "__main__":
    main()
