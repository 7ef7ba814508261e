#!/bin/sh
# Debian's Chromium with every --disable-features list merged into one: Chromium keeps only the last
# one it is given, and Playwright passes its own list before the tests' (browser.ts).
disabled=""
for arg; do
  shift
  case "$arg" in
    --disable-features=*) disabled="${disabled:+$disabled,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec /usr/bin/chromium "$@" ${disabled:+"--disable-features=$disabled"}
