#!/usr/bin/env bash
# Installs the Debian 12 packages this project needs, if any is missing. Safe to run again.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config make yosys
  libsystemc-dev verilator gtkwave
  libgtest-dev libcli11-dev nlohmann-json3-dev zlib1g-dev libbz2-dev libyaml-cpp-dev robin-map-dev
  libmetis-dev libeigen3-dev
  xvfb xauth ghostscript python3 gnuplot-nox
  parallel slurm-wlm munge
  valgrind bc clang-format
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
