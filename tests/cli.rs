//! The command line as a tool: help and version on stdout with status 0, a bad
//! argument as one error line and the usage on stderr with status 2 and no backtrace,
//! and the documented subcommands.

use std::process::{Command, Output};

fn ludex(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludex"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("run ludex")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_and_version_exit_zero_on_stdout() {
    for args in [&["--help"][..], &["help"], &["-h"]] {
        let out = ludex(args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        for word in ["Usage:", "play", "perft", "bench", "match"] {
            assert!(stdout.contains(word), "{args:?}: no '{word}' in\n{stdout}");
        }
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
    let out = ludex(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).trim(), format!("ludex {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn subcommand_help_exits_zero() {
    for (args, word) in [
        (&["perft", "--help"][..], "--variant"),
        (&["help", "perft"], "--fen"),
        (&["bench", "--help"], "DEPTH"),
        (&["play", "--help"], "--engine-vs-engine"),
        (&["help", "play"], "--movetime"),
        (&["match", "-help"], "-engine"),
        (&["match", "--help"], "-engine"),
    ] {
        let out = ludex(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains(word), "{args:?}: no '{word}' in\n{}", text(&out.stdout));
    }
}

#[test]
fn bad_arguments_exit_two_with_one_error_line_and_usage() {
    for args in [
        &["--bogus"][..],
        &["frobnicate"],
        &["perft"],
        &["perft", "x"],
        &["perft", "--variant", "crazyhouse", "1"],
        &["perft", "--fen", "not a fen", "1"],
        &["play", "--size", "40", "gomoku"],
        &["play", "checkers"],
        &["--uci", "--gomocup"],
    ] {
        let out = ludex(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: stdout {}", text(&out.stdout));
        let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(errors.len(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("Usage:"), "{args:?}: {stderr}");
        assert!(!stderr.contains("backtrace") && !stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn perft_subcommand_counts_like_go_perft() {
    let out = ludex(&["perft", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.trim_end().ends_with("Nodes searched: 8902"), "{stdout}");
    assert_eq!(stdout.lines().filter(|l| l.contains(": ")).count(), 21);
    let out = ludex(&["perft", "--variant", "tictactoe", "2"]);
    assert!(text(&out.stdout).trim_end().ends_with("Nodes searched: 72"));
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = ludex(&["perft", "--fen", kiwipete, "2"]);
    assert!(text(&out.stdout).trim_end().ends_with("Nodes searched: 2039"));
}

#[test]
fn no_banner_when_stdin_is_a_pipe() {
    // Hosts talk through pipes and must see protocol lines only.
    let mut e = common::engine::Engine::spawn();
    e.send("uci");
    assert!(e.read_line().starts_with("id name Ludex"), "{:?}", e.transcript);
    let mut g = common::engine::Engine::spawn_with_args(&["--gomocup"]);
    g.send("ABOUT");
    assert!(g.read_line().starts_with("name=\"Ludex\""));
}

mod common;
