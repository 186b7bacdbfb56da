#!/usr/bin/env bash
# Grades a class of 30 students of ten questions each and prints the time:
#   benches/grade_class.sh [STUDENTS]
# The key asks Grundy values, outcomes, winning moves and sequences of
# Kayles, Dawson's Kayles and a subtraction game; each student answers some
# right, some wrong, leaves some out and writes one line that does not parse.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
MEX="$PWD/target/release/mex"
N="${1:-30}"
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
start=$(date +%s.%N)
"$MEX" grade "$DIR/key.mex" "$DIR"/student*.mex > "$DIR/out.txt"
end=$(date +%s.%N)
tail -8 "$DIR/out.txt"
echo "graded $N students of $(grep -c '^check' "$DIR/key.mex") questions in $(echo "$end - $start" | bc) s"
