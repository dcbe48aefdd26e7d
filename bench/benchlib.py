"""What the Python benchmarks share: the machine they ran on, the load average, how the
clawpair they time links the Swift runtime, and their section of bench/RESULTS.md."""

import os
import platform
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def machine():
    model = "unknown CPU"
    with open("/proc/cpuinfo") as handle:
        for line in handle:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as handle:
        memory = int(re.search(r"MemTotal:\s+(\d+)", handle.read()).group(1)) / 1024 / 1024
    release = "Linux"
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as handle:
            match = re.search(r'PRETTY_NAME="([^"]+)"', handle.read())
            release = match.group(1) if match else release
    return (f"{os.cpu_count()} × {model} (`nproc` {os.cpu_count()}), {memory:.1f} GiB RAM, {release}, "
            f"Linux {platform.release()}")


def swift_runtime(binary):
    """How `binary` links the Swift runtime, for a Tools line. scripts/run builds it statically
    (`swift build -c release --static-swift-stdlib`); a plain `swift build -c release` links
    it dynamically and starts about 2 ms later, which every figure bound by start-up carries,
    so that case is also said on stderr."""
    try:
        linked = subprocess.run(["ldd", binary], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return "Swift runtime linkage unknown"
    if b"libswiftCore" not in linked:
        return "Swift runtime linked statically"
    print("bench: %s links the Swift runtime dynamically and starts about 2 ms later than the build "
          "scripts/run makes (swift build -c release --static-swift-stdlib)" % binary, file=sys.stderr)
    return "Swift runtime linked dynamically"


def loadavg():
    with open("/proc/loadavg") as handle:
        return " ".join(handle.read().split()[:3])


def write_results(name, text):
    """Replaces the `name` section of bench/RESULTS.md (or appends it)."""
    path = os.path.join(ROOT, "bench", "RESULTS.md")
    with open(path) as handle:
        current = handle.read()
    block = f"<!-- {name}:begin (written by bench/{name} --write) -->\n" + text + f"\n<!-- {name}:end -->"
    pattern = re.compile(rf"<!-- {name}:begin.*?<!-- {name}:end -->", re.S)
    updated = pattern.sub(lambda _: block, current) if pattern.search(current) else current.rstrip("\n") + "\n" + block + "\n"
    with open(path, "w") as handle:
        handle.write(updated)
