#!/usr/bin/env python3
"""--threads N gives the results of one thread (docs/architecture.md, "Threads").

threads_identical.py D3SIM SCRATCH NAME   runs case NAME with --threads 1, 2 and 3 and compares
its JSON (cost keys and the recorded configuration aside), its packet log and its VCD byte for
byte; an observed case is also run without the packet log and the VCD (the threads' other way:
writes inside a share made at once, the replay split by share), its JSON compared. Case `refusals`
checks the one-line refusals (exit 2).
The reference is the one-thread run: the model's definition of the result (one thread steps the
routers in ascending id order), not what the threaded code printed.
"""
import json
import pathlib
import subprocess
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from result_keys import strip  # noqa: E402

CASES = {
    "a2a_4_4": ["--k", "4", "--m", "4", "--primitive", "all-to-all"],
    "uniform_4_8": ["--k", "4", "--m", "8", "--traffic", "uniform", "--rate", "0.3",
                    "--warmup", "60", "--measure", "60"],
    "mdf_4_8": ["--k", "4", "--m", "8", "--topology", "mdf", "--concentration", "4",
                "--traffic", "uniform", "--rate", "0.3", "--warmup", "60", "--measure", "60"],
    "broadcast_4_4": ["--k", "4", "--m", "4", "--primitive", "broadcast", "--source", "2,3,3",
                      "--count", "2"],
    # 256 routers: copies in every share, more in a cycle than the pool keeps aside
    # (packet_pool::keep_spares), deliveries from every share to the nodes.
    "broadcast_4_8": ["--k", "4", "--m", "8", "--primitive", "broadcast", "--source", "2,3,3",
                      "--count", "3"],
    # Nodes that launch on deliveries (the allreduce's exchanges): a share's writes to its nodes
    # in one thread's order before the nodes step.
    "allreduce_4_8": ["--k", "4", "--m", "8", "--primitive", "hypercube-allreduce"],
    "a2a_3_4_slow": ["--k", "3", "--m", "4", "--primitive", "all-to-all", "--schedule", "none",
                     "--local-latency", "2", "--global-latency", "5", "--pipeline",
                     "route,traverse:2"],
    # Packets of several flits: a link buffer reads a served packet's flits before the next
    # packet, so a packet replayed from a lower id into a buffer the step emptied is read after
    # it (input_unit::take_as_before_step). The first: 1.1.3's packet 781 at step 83, not 82.
    "flits2_4_4": ["--k", "4", "--m", "4", "--traffic", "uniform", "--rate", "0.3",
                   "--packet-length", "2", "--warmup", "100", "--measure", "100"],
    "a2a_flits2_4_4": ["--k", "4", "--m", "4", "--primitive", "all-to-all", "--packet-length",
                       "2"],
    "mdf_flits8_4_8": ["--k", "4", "--m", "8", "--topology", "mdf", "--concentration", "4",
                       "--traffic", "uniform", "--rate", "0.4", "--packet-length", "8",
                       "--warmup", "60", "--measure", "60"],
    "sizes_4_8": ["--k", "4", "--m", "8", "--traffic", "uniform", "--rate", "0.4",
                  "--packet-sizes", "1:0.5,4:0.5", "--warmup", "60", "--measure", "60"],
    # Nodes stepped on the threads (sc/staged_nodes.h), past saturation: queues at the sources,
    # up to the injection width (6) launched per node step from the share's reserve, waits for
    # injection credits.
    "width6_mdf_4_8": ["--k", "4", "--m", "8", "--topology", "mdf", "--concentration", "4",
                       "--traffic", "uniform", "--rate", "0.9", "--injection-width", "6",
                       "--injection-depth", "6", "--warmup", "40", "--measure", "40"],
}
# With the packet log and a VCD (the observed router's step).
OBSERVED = {"a2a_4_4", "uniform_4_8", "broadcast_4_4", "a2a_3_4_slow", "flits2_4_4",
            "a2a_flits2_4_4"}


def vcd_body(path):
    # The header's $date is the writing time, not the run's.
    lines = pathlib.Path(path).read_text().splitlines()
    out, skip = [], False
    for line in lines:
        if line.startswith("$date"):
            skip = True
        if not skip:
            out.append(line)
        if skip and "$end" in line:
            skip = False
    return out


def run(d3sim, scratch, name, threads, observed):
    args = [d3sim, *CASES[name], "--threads", str(threads), "--json", "-", "-q"]
    log = scratch / f"{name}.t{threads}.log"
    vcd = scratch / f"{name}.t{threads}.vcd"
    if observed:
        args += ["--trace-packets", str(log), "--wave", str(vcd)]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{name} --threads {threads}: exit {r.returncode}: {r.stderr.strip()}")
    result = {"json": strip(json.loads(r.stdout))}
    if observed:
        result["log"] = log.read_text()
        result["vcd"] = vcd_body(vcd)
    return result


def refusals(d3sim):
    bad = {"0": "positive count", "-2": "positive count", "two": "positive count",
           "1.5": "positive count"}
    for value, words in bad.items():
        r = subprocess.run([d3sim, "--k", "2", "--m", "4", "--threads", value],
                           capture_output=True, text=True)
        lines = r.stderr.strip().splitlines()
        if r.returncode != 2 or len(lines) != 1 or words not in lines[0]:
            sys.exit(f"--threads {value}: exit {r.returncode}, stderr {r.stderr!r}")
    r = subprocess.run([d3sim, "--k", "2", "--m", "4", "--primitive", "all-to-all",
                        "--fail-links", "random:1", "--threads", "2"],
                       capture_output=True, text=True)
    lines = r.stderr.strip().splitlines()
    if r.returncode != 2 or len(lines) != 1 or "--threads 2 does not run" not in lines[0]:
        sys.exit(f"--threads 2 with --fail-links: exit {r.returncode}, stderr {r.stderr!r}")
    for extra in (["--decoder", "lockstep"], ["--wave-decoder", "--wave", "/dev/null"]):
        r = subprocess.run([d3sim, "--k", "2", "--m", "4", "--primitive", "all-to-all",
                            "--threads", "2"] + extra, capture_output=True, text=True)
        lines = r.stderr.strip().splitlines()
        if r.returncode != 2 or len(lines) != 1 or "reference decoder only" not in lines[0]:
            sys.exit(f"--threads 2 {' '.join(extra)}: exit {r.returncode}, stderr {r.stderr!r}")
    r = subprocess.run([d3sim, "--k", "2", "--m", "4", "--threads", "auto", "--dump-config"],
                       capture_output=True, text=True)
    if r.returncode != 0 or "threads" not in r.stdout:
        sys.exit(f"--dump-config with --threads auto: exit {r.returncode}: {r.stdout!r}")


def main():
    d3sim, scratch, name = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
    scratch.mkdir(parents=True, exist_ok=True)
    if name == "refusals":
        return refusals(d3sim)
    for observed in (False, True) if name in OBSERVED else (False,):
        one = run(d3sim, scratch, name, 1, observed)
        for threads in (2, 3):
            other = run(d3sim, scratch, name, threads, observed)
            for part in one:
                if one[part] != other[part]:
                    sys.exit(f"{name}: --threads {threads} differs from --threads 1 in its {part}"
                             + (" (observed)" if observed else ""))
        if observed and not one["log"].strip():
            sys.exit(f"{name}: the packet log is empty")


if __name__ == "__main__":
    main()
