#!/usr/bin/env bash
# Grades a class of 300 students of twelve questions each, with one worker
# (--jobs 1) and with two (--jobs 2), and prints both times and their ratio:
#   benches/grade_class.sh [STUDENTS]
# Each student is graded in a process of its own. The key asks Grundy
# values, outcomes, winning moves and sequences of Kayles, Dawson's Kayles
# and a subtraction game; each student answers some right, some wrong,
# leaves some out and writes one line that does not parse. The two runs
# must print the same table.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
MEX="$PWD/target/release/mex"
N="${1:-300}"
DIR="$(mktemp -d)"
trap 'rm -rf "$DIR"' EXIT
cat > "$DIR/key.mex" <<'KEY'
game kayles = octal 0.77
game dawson = octal 0.07
game s(n) = { s(n - k) for k in {1, 3, 4} if k <= n }
check grundy kayles(10) == 2
check grundy kayles(1000) + kayles(77) == 5
check grundy dawson(50) == 5
check outcome nim(1) + nim(2) + nim(3) == P
check outcome kayles(12) + s(9) == N
check move nim(3) + nim(5) -> nim(3) + nim(3)
check move kayles(5) + nim(3) -> kayles(3) + nim(3)
check sequence s 0..14 == 0 1 0 1 2 3 2 0 1 0 1 2 3 2
check period kayles == 71 12
check grundy s(1000) + dawson(1000) == 6
check grundy *3 + *5 == 6
check outcome nim(4) == N
KEY
"$MEX" grade "$DIR/key.mex" "$DIR/key.mex" --format csv > /dev/null || {
  echo "the key's checks do not pass" >&2; exit 1; }
for i in $(seq 1 "$N"); do
  f="$DIR/student$i.mex"
  # start from the key's answers, then spoil some of them
  grep '^check' "$DIR/key.mex" > "$f"
  case $((i % 4)) in
    0) sed -i 's/== 2$/== 3/' "$f" ;;
    1) sed -i "/dawson(50)/d" "$f" ;;
    2) sed -i 's/== P$/= P/' "$f" ;;
    3) sed -i 's/kayles(3) + nim(3)/kayles(4) + nim(3)/' "$f" ;;
  esac
done
run() {
  local start end
  start=$(date +%s.%N)
  "$MEX" grade "$DIR/key.mex" "$DIR"/student*.mex --jobs "$1" > "$DIR/out$1.txt"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
one=$(run 1)
two=$(run 2)
cmp -s "$DIR/out1.txt" "$DIR/out2.txt" || { echo "--jobs 1 and --jobs 2 differ" >&2; exit 1; }
tail -8 "$DIR/out1.txt"
questions=$(grep -c '^check' "$DIR/key.mex")
echo "graded $N students of $questions questions on $(nproc) cores:"
echo "  --jobs 1: $one s"
echo "  --jobs 2: $two s"
echo "  ratio (jobs 1 / jobs 2): $(echo "scale=2; $one / $two" | bc)"
