# What the real-terminal tests share (scripts/test-xterm, test-kitty, test-mlterm, test-konsole):
# the checks' bookkeeping and closing lines, bounded waits, a virtual X display, the terminal's
# window, screenshots compared with mutool's render of the page, and reading folio's trace.
# Sourced by those scripts (bash); see docs/TESTING.md.
#
# A script sets `root` (the checkout), `check_prefix` if its checks' lines name the terminal
# ("kitty "), and calls
#   terminal_test_begin NAME TIME_LIMIT KEEP_DIR PACKAGE…
# which installs the packages (scripts/setup), builds folio unless FOLIO names a binary, and
# sets up the work folder and the traps. Then, for each terminal it starts: `terminal_pid` (the
# terminal's process, stopped on every exit path), `dir` (that session's folder: its `trace`
# and `status` are folio's), `label` (named in each check's line), and the geometry that
# `measure` crops with: `image_x`, `grid_y`, `image_width`, `visible_height`.

# --- Bookkeeping ------------------------------------------------------------------------------

# terminal_test_begin NAME TIME_LIMIT KEEP_DIR PACKAGE…: NAME (test-mlterm) opens the closing
# lines; TIME_LIMIT bounds everything after the build, in seconds; KEEP_DIR (may be empty) keeps
# the work files; the packages are installed when missing.
terminal_test_begin() {
    test_name=$1 time_limit=$2 keep_dir=$3
    shift 3
    export PATH="$PATH:/opt/swift/usr/bin"
    "$root/scripts/setup" "$@"
    if [[ -z "${FOLIO:-}" ]]; then
        (cd "$root" && swift build --product folio >&2)
        FOLIO="$(cd "$root" && swift build --show-bin-path)/folio"
    fi
    [[ -x "$FOLIO" ]] || { echo "$test_name: FAIL: no folio binary at $FOLIO — 0 passed, 1 failed"; exit 1; }
    work="$(mktemp -d "${TMPDIR:-/tmp}/folio-${test_name#test-}.XXXXXX")"
    xvfb_pid=""
    terminal_pid=""
    label=""
    check_prefix="${check_prefix:-}"
    passed=0
    failed=0
    start=$SECONDS
    deadline=$((SECONDS + time_limit))
    trap terminal_test_cleanup EXIT
    trap 'fail interrupted; summary || true; exit 130' INT
    trap 'fail interrupted; summary || true; exit 143' TERM HUP
}

# require_document PATH: stops the test, failed, when the corpus document is missing.
require_document() {
    [[ -r "$1" ]] || { echo "$test_name: FAIL: no corpus document $1 — 0 passed, 1 failed"; exit 1; }
}

pass() {
    passed=$((passed + 1))
    echo "ok - $check_prefix$label: $1"
}
fail() {
    failed=$((failed + 1))
    echo "not ok - $check_prefix$label: $1"
}
# summary: the closing lines ("test-NAME: PASS in N s", then "test-NAME: N passed, N failed",
# alone on the last line, which CI reads); false when a check failed.
summary() {
    local verdict=PASS
    ((failed == 0)) || verdict=FAIL
    echo "$test_name: $verdict in $((SECONDS - start)) s"
    echo "$test_name: $passed passed, $failed failed"
    ((failed == 0))
}
# abort WHAT: a failure that leaves nothing else to check.
abort() {
    fail "$1"
    summary || true
    exit 1
}

# stop_terminal: ends the terminal (folio goes with it), if it still runs.
stop_terminal() {
    if [[ -n "$terminal_pid" ]]; then
        kill "$terminal_pid" 2>/dev/null || true
        wait "$terminal_pid" 2>/dev/null || true
        terminal_pid=""
    fi
    return 0
}

terminal_test_cleanup() {
    local status=$?
    set +e
    stop_terminal
    if [[ -n "$xvfb_pid" ]]; then
        kill "$xvfb_pid" 2>/dev/null
        wait "$xvfb_pid" 2>/dev/null
    fi
    # A script's own leftovers (kitty's private /tmp folder).
    if declare -F cleanup_extra >/dev/null; then
        cleanup_extra
    fi
    if [[ -n "$keep_dir" ]]; then
        mkdir -p "$keep_dir"
        cp -r "$work"/. "$keep_dir"/
        echo "$test_name: files kept in $keep_dir" >&2
    elif ((failed > 0 || status != 0)); then
        echo "$test_name: files kept in $work" >&2
        return
    fi
    rm -rf "$work"
}

# --- Waiting ----------------------------------------------------------------------------------

# wait_for SECONDS COMMAND…: polls COMMAND every 0.1 s until it succeeds; fails after SECONDS or
# at the overall deadline, whichever comes first.
wait_for() {
    local until=$((SECONDS + $1))
    ((until <= deadline)) || until=$deadline
    shift
    until "$@"; do
        ((SECONDS < until)) || return 1
        sleep 0.1
    done
}
terminal_running() { [[ -n "$terminal_pid" ]] && kill -0 "$terminal_pid" 2>/dev/null; }
terminal_gone() { ! terminal_running; }
running_and() { ! terminal_running || "$@"; }
# wait_running SECONDS WHAT COMMAND…: wait_for while the terminal runs; aborts, saying WHAT, when
# the time is up or the terminal has gone (waits end at once when it or folio dies early).
wait_running() {
    local seconds=$1 what=$2
    shift 2
    wait_for "$seconds" running_and "$@" && terminal_running && return 0
    terminal_running || abort "$what: the terminal exited early (folio's status: $(cat "$dir/status" 2>/dev/null || echo none))"
    abort "$what (timed out; trace ends: $(tail -2 "$dir/trace" 2>/dev/null | tr '\n' ' '))"
}

# --- X ----------------------------------------------------------------------------------------

# start_x: a virtual X display, exported as DISPLAY (and kept in `display`).
# -displayfd: Xvfb picks a free display number itself and writes it once it accepts clients.
# -noreset: no server reset each time the last client disconnects.
start_x() {
    label=X
    Xvfb -displayfd 3 -screen 0 1600x1200x24 -nolisten tcp -nocursor -noreset \
        3>"$work/display" >"$work/xvfb.log" 2>&1 &
    xvfb_pid=$!
    wait_for 15 grep -qs . "$work/display" || abort "Xvfb started (see $work/xvfb.log)"
    display=":$(tr -d '[:space:]' <"$work/display")"
    export DISPLAY="$display"
    wait_for 10 xdpyinfo -display "$display" >/dev/null 2>&1 || abort "X display $display answers"
}

# find_window: sets `window` to the terminal's visible top-level window.
find_window() {
    window="$(xdotool search --onlyvisible --pid "$terminal_pid" 2>/dev/null | head -1)" && [[ -n "$window" ]]
}
# focused: focuses the window (again, until it holds: the terminal may still be mapping it).
# Keys then go through XTEST to the focused window (xterm ignores synthetic SendEvent keys).
focused() {
    find_window && xdotool windowfocus "$window" 2>/dev/null
    [[ "$(xdotool getwindowfocus 2>/dev/null)" == "$window" ]]
}
# window_geometry: `window_x`, `window_y`, `window_width`, `window_height` of `window`.
window_geometry() {
    eval "$(xwininfo -id "$window" | awk '/Absolute upper-left X/ {print "window_x=" $NF}
        /Absolute upper-left Y/ {print "window_y=" $NF} /Width:/ {print "window_width=" $NF}
        /Height:/ {print "window_height=" $NF}')"
}
# locate_grid SCREENSHOT: `grid_x` and `grid_y`, the top left corner of the terminal's cells
# (which some terminals frame with a toolbar or a border), from folio's status line: the
# reverse-video bar on the bottom row, in the foreground colour (pure green: each script's
# terminal draws green on black), found as the lowest band of rows mostly that colour, then its
# first column mostly that colour. Needs `text_rows` and `cell_height`.
locate_grid() {
    local mask=(-fill black +opaque '#00ff00' -fill white -opaque '#00ff00' -colorspace gray) top bottom left
    convert "$1" -crop "${window_width}x${window_height}+${window_x}+${window_y}" +repage "$dir/window.ppm"
    read -r top bottom < <(convert "$dir/window.ppm" "${mask[@]}" -scale "1x${window_height}!" -depth 8 txt:- |
        awk -F'[,:() ]+' 'NR > 1 {bright[$2] = ($4 > 128)}
            END {for (y = '"$window_height"' - 1; y >= 0 && !bright[y]; y--) {}; b = y
                 for (; y >= 0 && bright[y]; y--) {}; print y + 1, b}')
    ((top <= bottom)) || return 1
    left="$(convert "$dir/window.ppm" -crop "${window_width}x$((bottom - top + 1))+0+${top}" +repage "${mask[@]}" \
        -scale "${window_width}x1!" -depth 8 txt:- | awk -F'[,:() ]+' 'NR > 1 && $4 > 128 && !found {print $1; found = 1}')"
    rm -f "$dir/window.ppm"
    [[ -n "$left" ]] || return 1
    grid_x=$((window_x + left))
    grid_y=$((window_y + top - text_rows * cell_height))
}
# diagnosed_cell: `cell_width` and `cell_height` as folio --diagnose measured them.
diagnosed_cell() {
    read -r cell_width cell_height < <(sed -n 's/.*cell size \([0-9]*\)×\([0-9]*\) px.*/\1 \2/p' "$dir/diagnose")
}

# --- Screens against mutool -------------------------------------------------------------------

shot() { import -display "$display" -window root "$1"; }
# render DOCUMENT PAGE WIDTH FILE: mutool's render of PAGE, WIDTH pixels wide, as a PNG.
render() {
    mutool draw -F png -w "$3" -o "$4" "$1" "$2" 2>>"$dir/mutool.log"
}
# reference RENDER TOP [LEFT]: the part of RENDER the image area shows from pixel row TOP (and
# column LEFT), into $dir/reference.png; sets `reference_height` (less at the page's foot).
reference() {
    convert "$1" -crop "${image_width}x${visible_height}+${3:-0}+$2" +repage "$dir/reference.png"
    reference_height="$(identify -format '%h' "$dir/reference.png")"
}
# measure SCREENSHOT: the image area against the reference; sets `psnr`; true when it matches
# (at least `psnr_minimum` dB).
measure() {
    convert "$1" -crop "${image_width}x${reference_height}+${image_x}+${grid_y}" +repage "$dir/image-area.png"
    psnr="$(compare -metric PSNR "$dir/image-area.png" "$dir/reference.png" null: 2>&1 || true)"
    awk -v p="$psnr" -v m="$psnr_minimum" 'BEGIN {exit !(p == "inf" || (p + 0 == p && p >= m))}'
}
# settled: two screenshots in a row identical and matching the reference.
settled() {
    sleep 0.25
    shot "$dir/shot-b.ppm"
    if cmp -s "$dir/shot-a.ppm" "$dir/shot-b.ppm" && measure "$dir/shot-b.ppm"; then
        return 0
    fi
    mv "$dir/shot-b.ppm" "$dir/shot-a.ppm"
    return 1
}
# compare_with NAME WHAT RENDER TOP [LEFT]: waits (15 s at most) until the screen is still and
# its image area matches RENDER from pixel row TOP (column LEFT); one check, saying WHAT is
# compared; the screenshot is kept as NAME.png.
compare_with() {
    local name=$1 what=$2
    reference "$3" "$4" "${5:-0}"
    psnr="not measured"
    shot "$dir/shot-a.ppm"
    if wait_for 15 running_and settled && terminal_running; then
        pass "$name: the image area matches mutool's render of $what: PSNR $psnr dB (≥ $psnr_minimum)"
        convert "$dir/shot-b.ppm" "$dir/$name.png"
    else
        fail "$name: the image area against mutool's render of $what: PSNR $psnr dB, wanted ≥ $psnr_minimum (see $name.png, image-area.png, reference.png)"
        convert "$dir/shot-a.ppm" "$dir/$name.png"
    fi
    rm -f "$dir"/shot-*.ppm
}
# red SCREENSHOT X Y W H: the mean of the red channel (0–1) in a rectangle. With green text on
# black (each script sets its terminal's colours so), red shows only where page pixels are.
red() {
    convert "$1" -crop "${4}x${5}+${2}+${3}" +repage -channel R -separate -format '%[fx:mean]' info:
}
# below LIMIT VALUE: whether VALUE < LIMIT (decimals).
below() { awk -v m="$2" -v l="$1" 'BEGIN {exit !(m < l)}'; }

# status_line_clear NAME: in the screenshot NAME.png, the status row shows no page pixels (the
# reverse-video bar is green). Needs `grid_x`, `grid_y`, `columns`, `text_rows` and the cell.
status_line_clear() {
    local mean
    mean="$(red "$dir/$1.png" "$grid_x" "$((grid_y + text_rows * cell_height))" "$((columns * cell_width))" "$cell_height")"
    if below 0.05 "$mean"; then
        pass "$1: the status line is not covered by the image (red $mean)"
    else
        fail "$1: the status line looks covered by the image (red $mean, wanted < 0.05)"
    fi
}
# back_to_text: Tab; once folio has drawn the text, no page pixels left above the status line
# (screenshots for up to 10 s, until there are none).
back_to_text() {
    xdotool key Tab
    wait_running 20 "folio drew the text after Tab" text_after_key
    local left="not measured"
    cleared() {
        sleep 0.25
        shot "$dir/text.ppm"
        left="$(red "$dir/text.ppm" "$grid_x" "$grid_y" "$((columns * cell_width))" "$visible_height")"
        below 0.05 "$left"
    }
    if wait_for 10 running_and cleared && terminal_running; then
        pass "back to text: no image pixels left (red $left)"
    else
        fail "back to text: image pixels left on screen (red $left, wanted < 0.05; see text.png)"
    fi
    convert "$dir/text.ppm" "$dir/text.png"
    rm -f "$dir/text.ppm"
}

# --- folio's trace ----------------------------------------------------------------------------
# FOLIO_TRACE's lines ("MILLISECONDS EVENT": keys, frames with their image's bytes) are read by
# scripts/foliokit/trace.py, the one parser of what folio writes (its TraceEvent).

# trace QUERY [ARGUMENT]: trace.py's QUERY on this session's trace (see trace.py).
trace() { python3 "$root/scripts/foliokit/trace.py" "$1" "$dir/trace" "${@:2}"; }
# image_after_key PAGE: a frame drew PAGE's image after the last key.
image_after_key() { (($(trace images-after-key "$1") > 0)); }
# step_bytes: the most a frame wrote after the last key.
step_bytes() { trace step-bytes; }
# text_after_key: a frame without an image came after the last key.
text_after_key() { trace text-after-key; }
first_frame() { trace first-frame; }

# --- folio in the terminal ----------------------------------------------------------------------

# write_runner DOCUMENT: $dir/run-folio, the command the terminal runs: once the terminal answers
# (scripts/foliokit/wait_for_terminal.py), folio --diagnose (into
# $dir/diagnose), a line of its own on the screen, then, once $dir/go exists (the screenshot
# `before` taken), the reader on DOCUMENT's page 1 with a trace; after it the terminal settings
# again, folio's exit status, and the screen held until $dir/done exists (the screenshot `after`
# taken), so that the two can be compared: the terminal restored.
write_runner() {
    cat >"$dir/run-folio" <<RUNNER
#!/bin/sh
python3 "$root/scripts/foliokit/wait_for_terminal.py"
# A terminal just up on a busy machine (kitty with software GL) can answer a first probe later
# than folio waits (250 ms): then its late answers are drained and it is asked again, twice at
# most, as a user would run folio again.
for attempt in 1 2 3; do
    "$FOLIO" --diagnose >"$dir/diagnose" 2>&1
    grep -q "did not answer the device attributes query" "$dir/diagnose" || break
    python3 "$root/scripts/foliokit/wait_for_terminal.py"
done
stty -g >"$dir/stty-before"
printf 'The shell before folio.\n'
while [ ! -e "$dir/go" ]; do sleep 0.1; done
sh -c 'echo \$\$ >"$dir/pid"; XDG_STATE_HOME="$dir/state" FOLIO_TRACE="$dir/trace" exec "$FOLIO" --page 1 "$1"'
code=\$?
stty -g >"$dir/stty-after"
echo \$code >"$dir/status"
while [ ! -e "$dir/done" ]; do sleep 0.1; done
RUNNER
    chmod +x "$dir/run-folio"
}

# start_reader: once the terminal shows the shell's line, the screenshot `before`, then folio.
start_reader() {
    shown() { [[ -s "$dir/stty-before" ]]; }
    wait_running 30 "the terminal ran folio --diagnose" shown
    sleep 0.5
    shot "$dir/before.ppm"
    touch "$dir/go"
    wait_running 40 "folio drew its first frame" first_frame
}

# quit_and_restored: q; folio exits 0, the terminal's settings and screen are as before folio
# (the alternate screen left, no image left over), and the terminal closes.
quit_and_restored() {
    xdotool key q
    if wait_for 10 grep -qs . "$dir/status" && [[ "$(cat "$dir/status")" == 0 ]]; then
        pass "q quits with status 0"
    else
        fail "q quits with status 0 (status: $(cat "$dir/status" 2>/dev/null || echo none))"
    fi
    if cmp -s "$dir/stty-before" "$dir/stty-after"; then
        pass "the terminal's settings (stty -g) are as before folio"
    else
        fail "the terminal's settings changed: $(cat "$dir/stty-before") to $(cat "$dir/stty-after" 2>/dev/null)"
    fi
    local area="${window_width}x${window_height}+${window_x}+${window_y}" same
    restored() {
        shot "$dir/after.ppm"
        convert "$dir/before.ppm" -crop "$area" +repage "$dir/before-window.ppm"
        convert "$dir/after.ppm" -crop "$area" +repage "$dir/after-window.ppm"
        same="$(compare -metric AE "$dir/before-window.ppm" "$dir/after-window.ppm" null: 2>&1 || true)"
        [[ "$same" == 0 ]]
    }
    if wait_for 10 running_and restored && terminal_running; then
        pass "the screen is as before folio, pixel for pixel"
    else
        fail "the screen should be as before folio: $same pixels differ (see before.png, after.png)"
    fi
    convert "$dir/before.ppm" "$dir/before.png"
    convert "$dir/after.ppm" "$dir/after.png" 2>/dev/null
    rm -f "$dir"/before*.ppm "$dir"/after*.ppm
    touch "$dir/done"
    if wait_for 15 terminal_gone; then
        wait "$terminal_pid" 2>/dev/null || true
        terminal_pid=""
        pass "the terminal closed after folio"
    else
        fail "the terminal closed after folio"
        stop_terminal
    fi
}
