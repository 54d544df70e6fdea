#!/usr/bin/env bash
# Prepare this checkout on a fresh Debian or Ubuntu machine with Python 3.11+:
#   1. the system libraries that Qt's PyPI wheels load (installed only where missing),
#   2. a virtual environment in .venv,
#   3. Battlewheel itself, editable, with the extras named as arguments (e.g. test dev).
# Usage: bash packaging/bootstrap.sh [EXTRA ...]
# On macOS and on Windows (Git Bash) step 1 is skipped, as Qt's wheels bring all they
# need there; the environment's Python is then .venv/Scripts/python on Windows.
set -euo pipefail
cd "$(dirname "$0")/.."

# Qt's wheels bundle Qt itself but load these from the system: OpenGL/EGL, fonts,
# keyboard maps, D-Bus and GLib for every platform plugin; the xcb-* libraries only for
# a real X11 display (the offscreen platform used by the tests needs none of them).
QT_SYSTEM_PACKAGES=(
  libegl1 libgl1 libfontconfig1 libfreetype6 libxkbcommon0 libdbus-1-3 libglib2.0-0
  libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0
  libxcb-render-util0 libxcb-image0 libxcb-xinerama0 libxcb-randr0 libx11-xcb1
  fonts-dejavu-core
)

missing_system_packages() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

install_system_packages() {
  command -v dpkg-query >/dev/null || { echo "bootstrap: not a Debian system; install Qt's libraries yourself: ${QT_SYSTEM_PACKAGES[*]}" >&2; return 0; }
  local wanted=("${QT_SYSTEM_PACKAGES[@]}")
  # The standalone build (dev extra) strips debug info with readelf and strip.
  [[ " $* " == *" dev "* ]] && wanted+=(binutils)
  # The shared page's browser test drives Debian's Chromium through its driver.
  [[ " $* " == *" test "* ]] && wanted+=(chromium chromium-driver)
  python3 -m venv --help >/dev/null 2>&1 && python3 -c "import ensurepip" 2>/dev/null || wanted+=(python3-venv)
  mapfile -t missing < <(missing_system_packages "${wanted[@]}")
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "bootstrap: please install as root: apt-get install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "bootstrap: installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The Python that makes the environment: $PYTHON if set, else python3, else python.
# Windows' installers give only python.exe, and its python3 may be the Store's stand-in,
# which exists but does not run Python.
system_python() {
  local candidate
  for candidate in ${PYTHON:-} python3 python; do
    if "$candidate" -c "import sys; sys.exit(sys.version_info < (3, 11))" >/dev/null 2>&1; then
      echo "$candidate"
      return 0
    fi
  done
  echo "bootstrap: no Python 3.11 or newer found as python3 or python; set PYTHON=/path/to/python" >&2
  return 1
}

# Where the environment keeps its Python: Scripts/ on Windows, bin/ elsewhere.
venv_python() {
  if [ -d .venv/Scripts ]; then echo .venv/Scripts/python.exe; else echo .venv/bin/python; fi
}

install_system_packages "$@"
if [ ! -x "$(venv_python)" ]; then
  python=$(system_python)
  "$python" -m venv .venv
fi
"$(venv_python)" -m pip install --quiet --upgrade pip
extras=$(IFS=,; echo "$*")
"$(venv_python)" -m pip install --quiet -e ".${extras:+[$extras]}"
