//! `bench` is the engine's signature: the same node count on every run, from the
//! command line (`ludex bench [depth]`) and over UCI (`bench [depth]`), whatever else
//! the machine is doing (the runs here go side by side on purpose).

mod common;

use std::process::Command;
use std::thread;

use common::engine::Engine;

/// `N nodes M nps`, the last line of a bench: returns N.
fn total_nodes(last: &str) -> u64 {
    let t: Vec<&str> = last.split_whitespace().collect();
    assert!(t.len() == 4 && t[1] == "nodes" && t[3] == "nps", "bad last bench line '{last}'");
    t[2].parse::<u64>().unwrap_or_else(|_| panic!("bad nps in '{last}'"));
    t[0].parse::<u64>().unwrap_or_else(|_| panic!("bad node count in '{last}'"))
}

/// Runs `ludex bench <args>`; returns its per-position lines' node counts and the total.
fn cli_bench(args: &[&str]) -> (Vec<u64>, u64) {
    let out = Command::new(env!("CARGO_BIN_EXE_ludex")).arg("bench").args(args).output().expect("run ludex bench");
    assert!(out.status.success(), "ludex bench {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    let total = total_nodes(lines.last().expect("bench printed nothing"));
    let per: Vec<u64> = lines[..lines.len() - 1]
        .iter()
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let i = t.iter().position(|&w| w == "nodes").unwrap_or_else(|| panic!("no 'nodes' in '{l}'"));
            t[i - 1].parse().unwrap_or_else(|_| panic!("bad count in '{l}'"))
        })
        .collect();
    assert_eq!(per.iter().sum::<u64>(), total, "per-position counts do not add up to the total");
    (per, total)
}

/// The UCI `bench` total (and the node counts of its `info string bench` lines).
fn uci_bench(cmd: &str) -> (Vec<u64>, u64) {
    let mut e = Engine::spawn();
    e.send(cmd);
    let lines = e.read_until_timeout(|l| l.ends_with(" nps") && !l.starts_with("info"), std::time::Duration::from_secs(300));
    let total = total_nodes(lines.last().unwrap());
    let per = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string bench "))
        .map(|l| {
            let t: Vec<&str> = l.split_whitespace().collect();
            let i = t.iter().position(|&w| w == "nodes").unwrap_or_else(|| panic!("no 'nodes' in '{l}'"));
            t[i + 1].parse().unwrap_or_else(|_| panic!("bad count in '{l}'"))
        })
        .collect();
    assert!(e.quit());
    (per, total)
}

fn same_everywhere(depth: Option<&str>) -> u64 {
    let args: Vec<&str> = depth.into_iter().collect();
    let uci_cmd = match depth {
        Some(d) => format!("bench {d}"),
        None => "bench".to_string(),
    };
    let (a, b, c) = thread::scope(|s| {
        let a = s.spawn(|| cli_bench(&args));
        let b = s.spawn(|| cli_bench(&args));
        let c = s.spawn(|| uci_bench(&uci_cmd));
        (a.join().unwrap(), b.join().unwrap(), c.join().unwrap())
    });
    assert!(a.1 > 0);
    assert_eq!(a, b, "two runs of ludex bench {args:?} differ");
    assert_eq!(a, c, "UCI '{uci_cmd}' differs from ludex bench {args:?}");
    a.1
}

#[test]
fn bench_at_low_depth_is_deterministic() {
    // Depth 2 keeps this quick: every position but one is tiny at that depth.
    same_everywhere(Some("2"));
}

#[test]
#[ignore = "the default bench takes ~47 s here (kiwipete at depth 5 is ~140M nodes); run with --ignored"]
fn default_bench_is_deterministic() {
    let n = same_everywhere(None);
    eprintln!("bench: {n} nodes");
}
