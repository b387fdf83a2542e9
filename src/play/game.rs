//! One game of `ludex play`: the start, the moves in the engine's own notation, and
//! the position they lead to under the variant's rules (the same `Variant::setup`
//! the protocols use, so the rules exist once).

use crate::core::{MoveList, Outcome, Position, PositionError, Side, Termination};
use crate::matchrunner::san::san;
use crate::variants::{with_position, AnyPosition, Variant};

#[derive(Clone)]
pub struct Game {
    pub variant: Variant,
    /// The start FEN, or `None` for the variant's own start position.
    pub start_fen: Option<String>,
    /// Moves from the start, as the protocols write them (`e2e4`, `P@h8`).
    pub moves: Vec<String>,
    /// The same moves as people read them (SAN, or a bare cell `h8`).
    pub shown: Vec<String>,
    pos: AnyPosition,
}

impl Game {
    pub fn new(variant: Variant, start_fen: Option<String>) -> Result<Game, PositionError> {
        let pos = variant.setup(start_fen.as_deref(), &[])?;
        Ok(Game { variant, start_fen, moves: Vec::new(), shown: Vec::new(), pos })
    }

    pub fn position(&self) -> &AnyPosition {
        &self.pos
    }

    pub fn is_connect(&self) -> bool {
        matches!(self.pos, AnyPosition::Connect(_))
    }

    pub fn fen(&self) -> String {
        with_position!(&self.pos, p => p.to_fen())
    }

    pub fn side_to_move(&self) -> Side {
        with_position!(&self.pos, p => p.side_to_move())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(&self.pos, p => p.outcome())
    }

    pub fn in_check(&self) -> bool {
        with_position!(&self.pos, p => p.in_check())
    }

    /// The legal moves as people write them (SAN or cells), in generation order.
    pub fn legal_shown(&self) -> Vec<String> {
        with_position!(&self.pos, p => {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            list.iter().map(|&m| shown(p, m)).collect()
        })
    }

    /// Plays a move given in the engine's notation (a legal move, as checked by
    /// `notation::read_move` or returned by the search).
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        let text = with_position!(&mut self.pos, p => {
            let m = p.parse_move(mv).map_err(|e| e.to_string())?;
            let text = shown(p, m);
            p.make_move(m);
            text
        });
        self.moves.push(mv.to_string());
        self.shown.push(text);
        Ok(())
    }

    /// Takes back the last `n` moves (fewer if the game is shorter); returns how many.
    pub fn undo(&mut self, n: usize) -> usize {
        let n = n.min(self.moves.len());
        self.moves.truncate(self.moves.len() - n);
        self.shown.truncate(self.moves.len());
        self.pos = self
            .variant
            .setup(self.start_fen.as_deref(), &self.moves)
            .expect("a prefix of a legal game is legal");
        n
    }

    /// The movetext for the screen: `1. e4 e5 2. Nf3`, numbered on from the start
    /// FEN's side to move and move number.
    pub fn movetext(&self) -> String {
        let start = Game::new(self.variant, self.start_fen.clone()).map(|g| g.fen()).unwrap_or_default();
        crate::matchrunner::pgn::numbered(&start, self.shown.iter().cloned()).join(" ")
    }
}

/// How people write `mv`: SAN in the chess family, the bare cell in connect games.
pub fn shown<P: Position>(pos: &P, mv: P::Move) -> String {
    let text = pos.format_move(mv);
    match text.strip_prefix("P@") {
        Some(cell) => cell.to_string(),
        None => san(pos, mv),
    }
}

/// The end of a game in words: "Checkmate: Black wins.".
pub fn describe_outcome(outcome: Outcome, game: &Game) -> String {
    let name = |s: Side| side_name(game, s);
    let winner = outcome.winner.map(name);
    let loser = outcome.winner.map(|w| name(w.flip()));
    match (outcome.termination, winner) {
        (Termination::Checkmate, Some(w)) => format!("Checkmate: {w} wins."),
        (Termination::Stalemate, _) => "Stalemate: the game is drawn.".to_string(),
        (Termination::InsufficientMaterial, _) => "Draw: neither side has the material to mate.".to_string(),
        (Termination::FiftyMoves, _) => "Draw by the fifty-move rule.".to_string(),
        (Termination::Repetition, _) => "Draw by threefold repetition.".to_string(),
        (Termination::NoMoves, Some(w)) => format!("{w} has no legal moves left and wins ({}).", game.variant),
        (Termination::NoMoves, None) if game.is_connect() => {
            "Draw: the first player has only forbidden cells left (renju).".to_string()
        }
        (Termination::NoMoves, None) => "Draw: no legal moves.".to_string(),
        (Termination::PieceCount, Some(w)) => {
            format!("No legal moves: {w} wins with fewer pieces than {} (suicide).", loser.unwrap_or_default())
        }
        (Termination::PieceCount, None) => "No legal moves and equal piece counts: draw (suicide).".to_string(),
        (Termination::Line, Some(w)) => format!("{} in a row: {w} wins.", line_words(game.variant)),
        (Termination::BoardFull, _) => "The board is full: the game is drawn.".to_string(),
        (t, None) => format!("Draw ({t})."),
    }
}

fn line_words(variant: Variant) -> &'static str {
    match variant {
        Variant::TicTacToe => "Three",
        _ => "Five",
    }
}

/// "White"/"Black" in the chess family; "X"/"O" in connect games (X moves first).
pub fn side_name(game: &Game, side: Side) -> String {
    match (game.is_connect(), side) {
        (true, Side::White) => "X".to_string(),
        (true, Side::Black) => "O".to_string(),
        (false, Side::White) => "White".to_string(),
        (false, Side::Black) => "Black".to_string(),
    }
}
