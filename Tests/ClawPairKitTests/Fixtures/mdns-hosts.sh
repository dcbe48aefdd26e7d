#!/usr/bin/env bash
# Two mDNS hosts on one machine, for the MDNSBrowser integration tests.
#
#   mdns-hosts.sh up STATE_DIR        creates hosts "gw" and "client" and prints, one per line,
#                                     GW_PID=… CLIENT_PID=… (a process inside each host: enter
#                                     its network and mount namespaces through /proc/PID/ns)
#   mdns-hosts.sh publish STATE_DIR AVAHI_PUBLISH_ARGS…
#                                     runs avahi-publish (-s NAME TYPE PORT [TXT…], or
#                                     -a -R HOST ADDRESS, …) on the gw host and returns once
#                                     avahi reports it established; prints PUBLISH_PID=…
#   mdns-hosts.sh exec STATE_DIR HOST COMMAND…
#                                     runs a command inside a host (gw or client)
#   mdns-hosts.sh restart-avahi STATE_DIR HOST
#                                     restarts a host's avahi-daemon (cold cache, benchmarks)
#   mdns-hosts.sh stop-avahi STATE_DIR HOST
#                                     stops a host's avahi-daemon (D-Bus keeps running)
#   mdns-hosts.sh down STATE_DIR      stops every process `up` and `publish` started (by PID)
#                                     and deletes the namespaces; safe to call twice
#
# `up` also leaves a watchdog behind that runs `down` (and removes STATE_DIR) if the process
# that called `up` dies without calling it, e.g. a crashed test.
#
# Each host is a network namespace joined to the other by a veth pair (10.78.0.0/24 and
# fd78::/64, no DAD) plus a private mount namespace with its own tmpfs /run, so it has its
# own D-Bus system bus and avahi-daemon, restricted to the veth. Multicast never leaves the
# namespaces, and nothing here touches the machine's own /run or network. Needs root,
# iproute2, util-linux (unshare, nsenter), dbus-daemon, avahi-daemon and avahi-utils.
set -euo pipefail

# Start from an empty signal mask. A caller may have signals blocked (Swift's Foundation
# Process spawns from a thread that blocks SIGTERM, and posix_spawn passes the mask on), and
# the daemons started here inherit it: SIGTERM would not stop them. perl-base is Essential.
if [[ -z "${MDNS_HOSTS_UNBLOCKED:-}" ]]; then
    export MDNS_HOSTS_UNBLOCKED=1
    exec perl -MPOSIX -e 'sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!"; exec @ARGV or die "exec: $!"' \
        -- "$BASH" "$0" "$@"
fi

# Close every descriptor we inherited beyond stdio (bash keeps its script on 255, close-on-
# exec). The daemons started here outlive this script, and a caller may be waiting for EOF
# on one of them: Foundation's Process, for one, learns that its child exited only when a
# socket it passes down is closed by everyone holding it.
for fd in $(ls /proc/$$/fd); do
    case $fd in 0 | 1 | 2 | 255) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
done

die() { echo "mdns-hosts: $*" >&2; exit 1; }

# How long to wait for a daemon or a publication before giving up. Avahi probes its host
# name (three probes 250 ms apart) before it reports "startup complete"; a service takes
# another round of probes. Ten seconds leaves room on a loaded CI machine.
readiness_timeout_s=10

wait_for() { # FILE PATTERN WHAT
    local deadline=$((SECONDS + readiness_timeout_s))
    until grep -q -- "$2" "$1" 2>/dev/null; do
        ((SECONDS < deadline)) || { cat "$1" >&2 2>/dev/null || true; die "timed out waiting for $3"; }
        sleep 0.02
    done
}

record_pid() { echo "$2" >>"$1/pids"; }

# Running and not a zombie. The daemons are not our children, so a zombie is reaped by
# whoever adopted it, perhaps late; it counts as gone.
alive() { [[ -e /proc/$1/stat ]] && ! grep -q ') Z ' "/proc/$1/stat" 2>/dev/null; }

host_pid() { # STATE HOST
    local pid
    pid=$(sed -n "s/^$2=//p" "$1/hosts" 2>/dev/null) || true
    [[ -n "$pid" ]] || die "no host $2 in $1 (run up first)"
    echo "$pid"
}

in_host() { # STATE HOST COMMAND…
    local pid
    pid=$(host_pid "$1" "$2")
    shift 2
    nsenter -t "$pid" -n -m -- "$@"
}

write_avahi_config() { # FILE HOSTNAME INTERFACE
    cat >"$1" <<EOF
[server]
host-name=$2
domain-name=local
use-ipv4=yes
use-ipv6=yes
allow-interfaces=$3
enable-dbus=yes
ratelimit-interval-usec=1000000
ratelimit-burst=1000
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
[reflector]
[rlimits]
EOF
}

start_avahi() { # STATE HOST
    local state=$1 host=$2 log="$1/$2-avahi.log" pid
    : >"$log"
    # --no-chroot: the chroot helper expects /etc/avahi to be set up for it; we need none.
    pid=$(in_host "$state" "$host" sh -c \
        'avahi-daemon -f "$1" --no-chroot --no-rlimits --no-proc-title </dev/null >"$2" 2>&1 & echo $!' \
        sh "$state/$host-avahi.conf" "$log")
    record_pid "$state" "$pid"
    echo "$pid" >"$state/$host-avahi.pid"
    wait_for "$log" "Server startup complete" "avahi-daemon on $host"
}

# A host: network namespace NS with interface IFACE, addresses, and a holder process in a
# private mount namespace on which the host's daemons hang.
start_host() { # STATE HOST NS IFACE IPV4 IPV6
    local state=$1 host=$2 ns=$3 iface=$4 v4=$5 v6=$6 holder
    ip netns exec "$ns" sysctl -qw "net.ipv6.conf.$iface.accept_dad=0"
    ip -n "$ns" addr add "$v4/24" dev "$iface"
    ip -n "$ns" addr add "$v6/64" dev "$iface" nodad
    ip -n "$ns" link set lo up
    ip -n "$ns" link set "$iface" up
    write_avahi_config "$state/$host-avahi.conf" "cpm-$host" "$iface"

    # The holder: a private mount namespace with a fresh /run, kept alive by `sleep`. Its
    # mounts cannot propagate back to the machine (--propagation private).
    holder=$(ip netns exec "$ns" unshare --mount --propagation private -- sh -c '
        mount -t tmpfs -o mode=0755 tmpfs /run
        mkdir -p /run/dbus /run/avahi-daemon
        chown avahi:avahi /run/avahi-daemon
        exec sleep infinity </dev/null >/dev/null 2>&1 &
        echo $!')
    record_pid "$state" "$holder"
    echo "$host=$holder" >>"$state/hosts"
    # Wait until the holder has mounted its /run (its root shows the empty tmpfs).
    local deadline=$((SECONDS + readiness_timeout_s))
    until [[ -d "/proc/$holder/root/run/avahi-daemon" && ! -e "/proc/$holder/root/run/netns" ]]; do
        ((SECONDS < deadline)) || die "holder for $host did not start"
        sleep 0.01
    done

    local bus_pid
    bus_pid=$(in_host "$state" "$host" dbus-daemon --system --fork --nopidfile --print-pid)
    record_pid "$state" "$bus_pid"
    until [[ -S "/proc/$holder/root/run/dbus/system_bus_socket" ]]; do
        ((SECONDS < deadline)) || die "dbus-daemon for $host did not start"
        sleep 0.01
    done
    start_avahi "$state" "$host"
}

cmd_up() {
    local state=$1
    [[ $EUID -eq 0 ]] || die "needs root (network and mount namespaces)"
    for tool in ip unshare nsenter dbus-daemon avahi-daemon avahi-publish; do
        command -v "$tool" >/dev/null || die "$tool is not installed (apt-get install iproute2 util-linux dbus avahi-daemon avahi-utils)"
    done
    mkdir -p "$state"
    : >"$state/pids"
    : >"$state/hosts"
    # Unique names, so parallel runs (and other engineers' namespaces) never collide.
    local tag="cpm$$x$RANDOM"
    local ns_gw="$tag-gw" ns_client="$tag-cl"
    echo "$ns_gw" >"$state/netns"
    ip netns add "$ns_gw"
    echo "$ns_client" >>"$state/netns"
    ip netns add "$ns_client"
    # Create the pair inside the namespaces: no interface ever appears in the root namespace.
    ip -n "$ns_gw" link add veth-gw type veth peer name veth-cl netns "$ns_client"
    start_host "$state" gw "$ns_gw" veth-gw 10.78.0.1 fd78::1
    start_host "$state" client "$ns_client" veth-cl 10.78.0.2 fd78::2
    "$BASH" "$0" watchdog "$state" "$PPID" </dev/null >/dev/null 2>&1 &
    echo $! >"$state/watchdog.pid"
    echo "GW_PID=$(host_pid "$state" gw)"
    echo "CLIENT_PID=$(host_pid "$state" client)"
}

cmd_publish() {
    local state=$1
    shift
    local n log pid
    n=$(wc -l <"$state/pids")
    log="$state/publish-$n.log"
    : >"$log"
    pid=$(in_host "$state" gw sh -c 'log=$1; shift; avahi-publish "$@" </dev/null >"$log" 2>&1 & echo $!' \
        sh "$log" "$@")
    record_pid "$state" "$pid"
    wait_for "$log" "Established under name" "avahi-publish $*"
    echo "PUBLISH_PID=$pid"
}

cmd_stop_avahi() {
    local state=$1 host=$2 pid
    pid=$(cat "$state/$host-avahi.pid")
    kill "$pid" 2>/dev/null || true
    while alive "$pid"; do sleep 0.01; done
}

cmd_restart_avahi() {
    cmd_stop_avahi "$@"
    start_avahi "$@"
}

# Polls for the owner every half second; a leak lasts at most that long after a crash.
cmd_watchdog() {
    local state=$1 owner=$2
    while alive "$owner" && [[ -f "$state/netns" ]]; do sleep 0.5; done
    if [[ -f "$state/netns" ]]; then
        cmd_down "$state"
        rm -rf "$state"
    fi
}

cmd_down() {
    local state=$1 pid ns
    if [[ -f "$state/watchdog.pid" ]]; then
        pid=$(cat "$state/watchdog.pid")
        [[ "$pid" == "$$" ]] || kill "$pid" 2>/dev/null || true
        rm -f "$state/watchdog.pid"
    fi
    if [[ -f "$state/pids" ]]; then
        # Newest first: publishers, then daemons, then the holders they hang on.
        for pid in $(tac "$state/pids"); do kill "$pid" 2>/dev/null || true; done
        for pid in $(tac "$state/pids"); do
            for _ in $(seq 100); do alive "$pid" || break; sleep 0.01; done
            kill -9 "$pid" 2>/dev/null || true
        done
        rm -f "$state/pids"
    fi
    if [[ -f "$state/netns" ]]; then
        while read -r ns; do ip netns delete "$ns" 2>/dev/null || true; done <"$state/netns"
        rm -f "$state/netns"
    fi
}

[[ $# -ge 2 ]] || die "usage: mdns-hosts.sh up|publish|exec|restart-avahi|stop-avahi|down STATE_DIR …"
command=$1
shift
case "$command" in
up) cmd_up "$@" ;;
publish) cmd_publish "$@" ;;
exec) state=$1 host=$2; shift 2; in_host "$state" "$host" "$@" ;;
restart-avahi) cmd_restart_avahi "$@" ;;
stop-avahi) cmd_stop_avahi "$@" ;;
watchdog) cmd_watchdog "$@" ;;
down) cmd_down "$@" ;;
*) die "unknown command $command" ;;
esac
