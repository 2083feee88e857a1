#!/usr/bin/env bash
# A single-node Slurm on this machine for the tests (label slurm), from Debian's slurm-wlm and
# munge: its own munge key and munged socket, a minimal slurm.conf naming this host as controller
# and node, slurmctld and slurmd in the foreground, everything in one directory.
#   slurm-cluster.sh start DIR   start from nothing; returns when sinfo shows the node idle
#   slurm-cluster.sh stop DIR    stop the daemons started by `start DIR` (by their pids)
# Clients use the cluster with SLURM_CONF=DIR/slurm.conf. Needs root (SlurmUser=root). A watchdog
# stops the daemons when the process that ran `start` (ctest) is gone, so that none is left behind
# when the cleanup test does not run.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?directory}

stop() {
  for name in watchdog slurmd slurmctld munged; do
    pid=$(cat "$dir/$name.pid" 2>/dev/null) || continue
    rm -f "$dir/$name.pid"
    # Only the process this script started: its pid, still the program it was, and still naming
    # this cluster's directory on its command line. A pid file can be stale (a run whose process
    # group was killed at once, watchdog and daemons with it, leaves them behind for the next
    # `start`), and pids are reused (pid_max is 32768 here): the program's name alone is not
    # enough, since every test script of the suite runs as `bash` too (#!/usr/bin/env bash), and
    # another build tree's cluster runs the same daemons.
    comm=$(cat "/proc/$pid/comm" 2>/dev/null) || continue
    case $name in watchdog) [[ $comm == slurm-cluster* || $comm == bash ]] || continue ;; *) [ "$comm" = "$name" ] || continue ;; esac
    mapfile -d '' args <"/proc/$pid/cmdline" 2>/dev/null || continue
    ours=false
    for a in "${args[@]}"; do
      case $a in "$dir" | "$dir/slurm.conf" | "--log-file=$dir/munged.log") ours=true ;; esac
    done
    $ours || continue
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  if [ -f "$dir/munge-dir" ]; then rm -rf "$(cat "$dir/munge-dir")" "$dir/munge-dir"; fi
}

if [ "$cmd" = stop ]; then
  stop
  exit 0
fi
[ "$cmd" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
for tool in munged mungekey slurmctld slurmd sinfo python3; do
  command -v "$tool" >/dev/null || { echo "slurm-cluster: $tool is missing (tools/install-deps.sh)" >&2; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "slurm-cluster: needs root (slurmd runs jobs as their users)" >&2; exit 1; }

stop  # a previous run's daemons, if its cleanup did not run
rm -rf "$dir"
mkdir -p "$dir/state" "$dir/spool"
# munged's socket path must be short (108 bytes for a Unix socket), whatever the build directory.
munge=$(mktemp -d /tmp/d3-munge.XXXXXX)
echo "$munge" >"$dir/munge-dir"
host=$(hostname -s)
# Two free TCP ports for slurmctld and slurmd (the defaults may be in use).
read -r ctld_port d_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("", 0))
print(*[x.getsockname()[1] for x in s])')
# Short study jobs leave a CPU idle between the end of one task and the start of the next (the
# controller schedules about once a second): the node offers four slots per core.
cpus=$(($(nproc) * 4))
mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)

mungekey -c -f -k "$munge/munge.key" >/dev/null
munged --force --foreground --socket="$munge/munge.socket" --key-file="$munge/munge.key" \
  --pid-file="$munge/munged.pid.unused" --log-file="$dir/munged.log" \
  --seed-file="$munge/munged.seed" >"$dir/munged.out" 2>&1 </dev/null &
echo $! >"$dir/munged.pid"

cat >"$dir/slurm.conf" <<CONF
ClusterName=d3test
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pidfile
SlurmdPidFile=$dir/slurmd.pidfile
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MaxArraySize=100000
MinJobAge=600
SlurmdTimeout=60
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SlurmdParameters=config_overrides
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=d3test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

for _ in $(seq 50); do [ -S "$munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$munge/munge.socket" ] || { echo "slurm-cluster: munged did not start:" >&2; cat "$dir/munged.out" "$dir/munged.log" >&2; exit 1; }
slurmctld -D -f "$dir/slurm.conf" >"$dir/slurmctld.out" 2>&1 </dev/null &
echo $! >"$dir/slurmctld.pid"
slurmd -D -f "$dir/slurm.conf" >"$dir/slurmd.out" 2>&1 </dev/null &
echo $! >"$dir/slurmd.pid"
self=$(readlink -f "$0")
parent=$PPID
(
  while kill -0 "$parent" 2>/dev/null && [ -f "$dir/slurmctld.pid" ]; do sleep 2; done
  rm -f "$dir/watchdog.pid"
  exec "$self" stop "$dir"
) >/dev/null 2>&1 </dev/null &
echo $! >"$dir/watchdog.pid"

export SLURM_CONF=$dir/slurm.conf
for _ in $(seq 300); do
  state=$(sinfo -h -N -o %t 2>/dev/null || true)
  [ "$state" = idle ] && { echo "slurm-cluster: $host idle (SLURM_CONF=$SLURM_CONF)"; exit 0; }
  for name in munged slurmctld slurmd; do
    kill -0 "$(cat "$dir/$name.pid")" 2>/dev/null || {
      echo "slurm-cluster: $name exited:" >&2; tail -n 20 "$dir/$name.out" "$dir/$name.log" >&2 2>/dev/null; stop; exit 1; }
  done
  sleep 0.2
done
echo "slurm-cluster: the node did not become idle within 60 s (sinfo: ${state:-nothing})" >&2
tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
stop
exit 1
