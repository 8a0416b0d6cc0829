#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when it is missing (no browser downloads),
# with a colour emoji font so award emoji show in screenshots as they do in readers' browsers.
set -euo pipefail
EMOJI_FONT=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
if [ -x /usr/bin/chromium ] && [ -f "$EMOJI_FONT" ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
install() { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null; }
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium and an emoji font from Debian's packages..."
  install chromium fonts-noto-color-emoji
else
  # The font only changes how screenshots look: the tests run without it.
  install fonts-noto-color-emoji || echo "No emoji font installed: emoji show as boxes in screenshots."
fi
