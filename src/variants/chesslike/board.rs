//! The 8x8 board state shared by the chess-like variants: bitboards plus a mailbox,
//! side to move, castling rights, en-passant square, move counters and an
//! incrementally updated Zobrist hash.
//!
//! The board knows how to play a move but not whether it is legal: each variant
//! generates its own legal moves and decides when the game ends. `Board` is `Copy`
//! and small, so positions keep a stack of boards and "unmake" is a pop.
//!
//! En-passant convention: the square is stored (and hashed) only when a pawn of the
//! side to move attacks it, i.e. when an en-passant capture is pseudo-legal. A
//! double push with no enemy pawn beside it therefore leaves no en-passant square,
//! so transpositions that differ only in an unusable double push hash alike.

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::{zobrist, Bitboard, Castling, Move, MoveKind, Piece, Role, Square};
use crate::core::Side;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    roles: [Bitboard; 6],
    sides: [Bitboard; 2],
    occupied: Bitboard,
    mailbox: [Option<Piece>; 64],
    turn: Side,
    castling: Castling,
    ep_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
}

impl Board {
    /// No pieces, White to move, no rights, move 1.
    pub fn empty() -> Board {
        Board {
            roles: [Bitboard::EMPTY; 6],
            sides: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            mailbox: [None; 64],
            turn: Side::White,
            castling: Castling::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        }
    }

    // --- queries -------------------------------------------------------------

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    #[inline(always)]
    pub fn by_side(&self, side: Side) -> Bitboard {
        self.sides[side.index() & 1]
    }

    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        self.by_side(side) & self.by_role(role)
    }

    /// Bishops and queens (the diagonal sliders).
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()]
    }

    /// Rooks and queens (the straight sliders).
    #[inline(always)]
    pub fn straight_sliders(&self) -> Bitboard {
        self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()]
    }

    /// The lowest king of `side` (chess has exactly one).
    #[inline(always)]
    pub fn king_of(&self, side: Side) -> Option<Square> {
        self.pieces(side, Role::King).first()
    }

    #[inline(always)]
    pub fn turn(&self) -> Side {
        self.turn
    }

    #[inline(always)]
    pub fn castling(&self) -> &Castling {
        &self.castling
    }

    /// The en-passant target square, stored only when a capture there is
    /// pseudo-legal (see the module docs).
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Pieces of both sides that attack `sq` given the occupancy `occupied`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (rook_attacks(sq, occupied) & self.straight_sliders())
            | (bishop_attacks(sq, occupied) & self.diagonal_sliders())
            | (knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (pawn_attacks(Side::White, sq) & self.pieces(Side::Black, Role::Pawn))
            | (pawn_attacks(Side::Black, sq) & self.pieces(Side::White, Role::Pawn))
    }

    /// Whether a piece of `by` attacks `sq` given the occupancy `occupied`.
    #[inline]
    pub fn is_attacked_by(&self, sq: Square, by: Side, occupied: Bitboard) -> bool {
        let them = self.by_side(by);
        (knight_attacks(sq) & them & self.by_role(Role::Knight)).any()
            || (pawn_attacks(by.flip(), sq) & them & self.by_role(Role::Pawn)).any()
            || (king_attacks(sq) & them & self.by_role(Role::King)).any()
            || (rook_attacks(sq, occupied) & them & self.straight_sliders()).any()
            || (bishop_attacks(sq, occupied) & them & self.diagonal_sliders()).any()
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied {
            if let Some(p) = self.piece_at(sq) {
                h ^= zobrist::piece(p, sq);
            }
        }
        if self.turn == Side::Black {
            h ^= zobrist::black_to_move();
        }
        h ^= self.castling.zobrist();
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant(ep.file());
        }
        h
    }

    // --- setup (used by FEN parsing; keeps the hash in step) ----------------

    /// Puts `piece` on the empty square `sq`.
    #[inline(always)]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.mailbox[sq.index()].is_none());
        let bb = Bitboard::from(sq);
        self.roles[piece.role().index()] |= bb;
        self.sides[piece.side().index() & 1] |= bb;
        self.occupied |= bb;
        self.mailbox[sq.index()] = Some(piece);
        self.hash ^= zobrist::piece(piece, sq);
    }

    /// Removes and returns the piece on `sq`, if any.
    #[inline(always)]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.mailbox[sq.index()]?;
        let bb = Bitboard::from(sq);
        self.roles[piece.role().index()] ^= bb;
        self.sides[piece.side().index() & 1] ^= bb;
        self.occupied ^= bb;
        self.mailbox[sq.index()] = None;
        self.hash ^= zobrist::piece(piece, sq);
        Some(piece)
    }

    pub fn set_turn(&mut self, side: Side) {
        if side != self.turn {
            self.turn = side;
            self.hash ^= zobrist::black_to_move();
        }
    }

    pub fn set_castling(&mut self, castling: Castling) {
        self.hash ^= self.castling.zobrist() ^ castling.zobrist();
        self.castling = castling;
    }

    /// Sets the en-passant square, keeping it only if a pawn of the side to move
    /// attacks it (the storage convention of this module).
    pub fn set_ep_square(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(old.file());
        }
        if let Some(sq) = ep {
            if (pawn_attacks(self.turn.flip(), sq) & self.pieces(self.turn, Role::Pawn)).any() {
                self.ep_square = Some(sq);
                self.hash ^= zobrist::en_passant(sq.file());
            }
        }
    }

    pub fn set_counters(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number.max(1);
    }

    // --- playing moves -------------------------------------------------------

    /// Plays `mv`, which the caller's move generator produced for this position. The
    /// board does not check legality; a move from an empty square is ignored.
    ///
    /// Castling rights: a king leaving its back rank square drops its side's rights,
    /// a rook leaving or being captured on a castling square drops that right, and a
    /// captured king (antichess family) drops its side's rights.
    #[inline]
    pub fn play(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.flip();
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_at(from) else {
            debug_assert!(false, "play: no piece on {from}");
            return;
        };

        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        let old_castling = self.castling;

        match mv.kind() {
            MoveKind::Castle => {
                let rook = self.take(to);
                self.take(from);
                self.put(mv.castle_king_target(), piece);
                if let Some(rook) = rook {
                    self.put(mv.castle_rook_target(), rook);
                }
                self.castling.discard_side(us);
            }
            MoveKind::EnPassant => {
                self.take(Square::from_coords(to.file(), from.rank()));
                self.take(from);
                self.put(to, piece);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(captured) = self.take(to) {
                    self.halfmove_clock = 0;
                    if captured.role() == Role::King && to.relative_rank(them) == 0 {
                        self.castling.discard_side(them);
                    }
                }
                self.take(from);
                let placed = match kind {
                    MoveKind::Promotion(role) => Piece::new(us, role),
                    _ => piece,
                };
                self.put(to, placed);
                match piece.role() {
                    Role::Pawn => {
                        self.halfmove_clock = 0;
                        if from.index() ^ to.index() == 16 {
                            let ep = Square::new(((from.index() + to.index()) / 2) as u8);
                            if (pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any() {
                                self.ep_square = Some(ep);
                                self.hash ^= zobrist::en_passant(ep.file());
                            }
                        }
                    }
                    Role::King if from.relative_rank(us) == 0 => self.castling.discard_side(us),
                    _ => {}
                }
                if !self.castling.is_empty() {
                    self.castling.discard_rook(from);
                    self.castling.discard_rook(to);
                }
            }
        }
        if self.castling != old_castling {
            self.hash ^= old_castling.zobrist() ^ self.castling.zobrist();
        }

        if us == Side::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
    }

    /// Passes the turn (null move for search): clears the en-passant square and
    /// counts as a reversible half-move.
    pub fn play_null(&mut self) {
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.turn == Side::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = self.turn.flip();
        self.hash ^= zobrist::black_to_move();
    }

    /// The piece placement field of a FEN (`rnbqkbnr/pppppppp/8/...`).
    pub fn placement_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// An 8x8 text picture, rank 8 on top, files and ranks labelled.
    pub fn pretty(&self) -> String {
        let border = " +---+---+---+---+---+---+---+---+";
        let mut s = String::new();
        s.push_str(border);
        s.push('\n');
        for rank in (0..8).rev() {
            s.push_str(&format!("{}|", rank + 1));
            for file in 0..8 {
                let c = self.piece_at(Square::from_coords(file, rank)).map_or(' ', |p| p.char());
                s.push_str(&format!(" {c} |"));
            }
            s.push('\n');
            s.push_str(border);
            s.push('\n');
        }
        s.push_str("   a   b   c   d   e   f   g   h");
        s
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({} {:?} ep {:?} hash {:#x})", self.placement_fen(), self.turn, self.ep_square, self.hash)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{format_fen, parse_fen, CastlingStyle};
    use super::*;

    fn play(fen: &str, moves: &[Move]) -> Board {
        let mut b = parse_fen(fen).unwrap();
        for &m in moves {
            b.play(m);
            assert_eq!(b.hash(), b.compute_hash(), "after {m:?}");
        }
        b
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn double_push_sets_ep_only_next_to_an_enemy_pawn() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let b = play(start, &[Move::normal(sq("e2"), sq("e4"))]);
        assert_eq!(b.ep_square(), None);
        assert_eq!(format_fen(&b, CastlingStyle::XFen, None), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let b = play("4k3/8/8/8/3p4/8/4P3/4K3 w - - 3 10", &[Move::normal(sq("e2"), sq("e4"))]);
        assert_eq!(b.ep_square(), Some(sq("e3")));
        assert_eq!(b.halfmove_clock(), 0);
        let b = play("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", &[Move::en_passant(sq("d4"), sq("e3"))]);
        assert_eq!(b.placement_fen(), "4k3/8/8/8/8/4p3/8/4K3");
        assert_eq!(b.fullmove_number(), 2);
    }

    #[test]
    fn castling_moves_both_pieces_and_drops_rights() {
        // Chess960-style: king b1, rook a1 castles queen side to c1/d1.
        let b = play("1k6/8/8/8/8/8/8/RK5R w HA - 0 1", &[Move::castle(sq("b1"), sq("a1"))]);
        assert_eq!(b.placement_fen(), "1k6/8/8/8/8/8/8/2KR3R");
        assert!(b.castling().is_empty());
        // King already on g1 with the rook on h1: only the rook moves.
        let b = play("6k1/8/8/8/8/8/8/6KR w H - 0 1", &[Move::castle(sq("g1"), sq("h1"))]);
        assert_eq!(b.placement_fen(), "6k1/8/8/8/8/8/8/5RK1");
        // Capturing a castling rook removes that right only.
        let b = play("r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1", &[Move::normal(sq("b2"), sq("h8"))]);
        assert_eq!(format_fen(&b, CastlingStyle::XFen, None), "r3k2B/8/8/8/8/8/8/R3K2R b KQq - 0 1");
    }
}
