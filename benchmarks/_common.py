"""Shared output helpers for the benchmark scripts: JSON on one line, then a line a person reads."""

from __future__ import annotations

import json
import platform
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


def processor() -> str:
    """The processor's model and clock as Linux reports them ('' elsewhere): the absolute
    figures of two runs compare only on the same processor; the ratios hold across machines."""
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        return ""
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    fields = {k.strip(): v.strip() for k, v in fields.items()}
    model, mhz = fields.get("model name", ""), fields.get("cpu MHz", "")
    try:
        return f"{model} at {float(mhz):.0f} MHz" if model else ""
    except ValueError:  # no clock, or one not a number
        return model


def machine() -> dict[str, Any]:
    import os

    import canasta

    return {"python": platform.python_version(), "machine": platform.machine(),
            "cpus": os.cpu_count(), "processor": processor(), "system": platform.system(),
            "build": "compiled" if canasta.compiled() else "pure Python"}


def report(name: str, figures: dict[str, Any], line: str) -> None:
    print(json.dumps({"benchmark": name, **figures, "machine": machine()}, ensure_ascii=False))
    print(line, file=sys.stderr if "--quiet" in sys.argv else sys.stdout)


def median_of(runs: int, fn: Callable[[], float]) -> tuple[float, list[float]]:
    values = [fn() for _ in range(runs)]
    return statistics.median(values), values


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (0 when it is gone or /proc is missing)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
