//! Chess tactics through the real binary: each position of `tests/data/chess_mates.txt`
//! is searched to a modest fixed depth (enough plies for the mate, plus one), and the
//! last `info` line must report `score mate K` with the known mating move as
//! `bestmove`.

mod common;

use common::engine::Engine;

struct Mate {
    fen: String,
    best: String,
    moves: u32,
    name: String,
}

fn mates() -> Vec<Mate> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess_mates.txt");
    let text = std::fs::read_to_string(path).expect("read chess_mates.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(f.len(), 4, "bad line '{l}'");
            Mate {
                fen: f[0].to_string(),
                best: f[1].to_string(),
                moves: f[2].parse().unwrap_or_else(|_| panic!("bad mate distance in '{l}'")),
                name: f[3].to_string(),
            }
        })
        .collect()
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let mates = mates();
    assert!(mates.iter().any(|m| m.moves == 3) && mates.iter().any(|m| m.moves == 1));
    let mut e = Engine::spawn();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    e.send("setoption name Threads value 1");
    for m in &mates {
        e.send("ucinewgame");
        e.send(&format!("position fen {}", m.fen));
        let depth = 2 * m.moves + 1;
        e.send(&format!("go depth {depth}"));
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap_or("").to_string();
        let last_info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info") && l.contains(" score "))
            .unwrap_or_else(|| panic!("{}: no info line: {lines:?}", m.name));
        let score: Vec<&str> = last_info.split_whitespace().skip_while(|&t| t != "score").take(3).collect();
        assert_eq!(score, ["score", "mate", &m.moves.to_string()], "{}: {last_info}", m.name);
        assert_eq!(best, m.best, "{}: {lines:?}", m.name);
    }
    assert!(e.quit());
}
