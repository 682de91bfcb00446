# records.sh - sourced by the bench scripts that read the records a
# tournament keeps (--records DIR): --help from the calling script's header
# comment, the count of arguments, and the records folder, whose *.pwr
# files it leaves in the array `files` (and the folder in `dir`); and, in
# `records_awk`, the awk text that reads each record's header tags
# (records.awk), to put before a script's own awk program.

records_awk=$(cat "$(dirname "${BASH_SOURCE[0]}")/records.awk")

# The calling script's header: its comment lines after the first line.
records_usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

# records_start NAME NARGS ARGS...: --help, or exactly NARGS arguments of
# which the first is a folder holding records; otherwise a message and exit 2.
records_start() {
  local name=$1 nargs=$2
  shift 2
  case "${1:-}" in
    -h|--help) records_usage; exit 0 ;;
  esac
  if [ $# -ne "$nargs" ]; then
    records_usage >&2
    exit 2
  fi
  dir=$1
  if [ ! -d "$dir" ]; then
    echo "$name: $dir: no such directory" >&2
    exit 2
  fi
  shopt -s nullglob
  files=("$dir"/*.pwr)
  if [ ${#files[@]} -eq 0 ]; then
    echo "$name: $dir: no records (*.pwr)" >&2
    exit 2
  fi
}
