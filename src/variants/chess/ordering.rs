//! Chess knowledge for the searcher's move ordering.

use super::eval::pawns::pawn_attack_set;
use super::eval::psqt;
use crate::variants::chesslike::{attacks, Bitboard, Board, Move, Role};

/// Piece values for ordering only (pawn, knight, bishop, rook, queen, king).
const ORDER_VALUE: [i32; 6] = [100, 310, 330, 500, 950, 2000];

/// MVV-LVA for captures (victim value * 16 - attacker value), queen promotions above
/// every capture but the best, under-promotions below every capture; quiet moves
/// get the middlegame piece-square gain, a small hint for when history knows nothing,
/// and a large one for saving a piece from a cheaper attacker.
pub fn order_hint(b: &Board, threats: &Threats, mv: Move) -> i32 {
    let Some(piece) = b.piece_at(mv.from()) else { return 0 };
    let attacker = ORDER_VALUE[piece.role().index()];
    if mv.is_castle() {
        let side = piece.side();
        return psqt::value(side, Role::King, mv.castle_king_target()).mg
            - psqt::value(side, Role::King, mv.from()).mg;
    }
    let victim = if mv.is_en_passant() {
        Some(ORDER_VALUE[Role::Pawn.index()])
    } else {
        b.piece_at(mv.to()).map(|p| ORDER_VALUE[p.role().index()])
    };
    match (mv.promotion_role(), victim) {
        (Some(Role::Queen), v) => (ORDER_VALUE[Role::Queen.index()] + v.unwrap_or(0)) * 16 - attacker,
        (Some(_), v) => v.unwrap_or(0) - 2 * ORDER_VALUE[Role::Queen.index()],
        (None, Some(v)) => v * 16 - attacker,
        (None, None) => {
            let (side, role) = (piece.side(), piece.role());
            psqt::value(side, role, mv.to()).mg - psqt::value(side, role, mv.from()).mg + escape_hint(threats, role, mv)
        }
    }
}

/// A bound on a quiet move's order hint (`Position::QUIET_HINT_MAX`): the largest
/// escape bonus plus a piece-square gain, well inside it (the random playouts in
/// the chess tests check every quiet move against it).
pub const QUIET_HINT_MAX: i32 = 1 << 16;

/// `from * 64 + to`, in one of four blocks by whether the opponent attacks the
/// origin and the target: a distinct history slot for every from-to pair and
/// threat class.
#[inline]
pub fn history_index(threats: &Threats, mv: Move) -> usize {
    let class = threats.all.contains(mv.from()) as usize + 2 * threats.all.contains(mv.to()) as usize;
    class * FROM_TO + mv.from().index() * 64 + mv.to().index()
}

/// Piece (side and role) and target square, `< 768`: the continuation-history key.
/// Castling is named by the king's target square, not the rook's.
#[inline]
pub fn piece_to_index(b: &Board, mv: Move) -> Option<usize> {
    let piece = b.piece_at(mv.from())?;
    let to = if mv.is_castle() { mv.castle_king_target() } else { mv.to() };
    Some(piece.index() * 64 + to.index())
}

/// The squares the side not to move attacks, graded by the cheapest attacker, for
/// the quiet-move order: a piece standing where something cheaper hits it should
/// move first, and whether a move leaves or enters attacked squares splits its
/// history (a quiet move that is good from safety is not the same move en prise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Attacked by a pawn.
    pub by_pawn: Bitboard,
    /// Attacked by a pawn, knight or bishop.
    pub by_minor: Bitboard,
    /// Attacked by a pawn, minor piece or rook.
    pub by_rook: Bitboard,
    /// Attacked by anything.
    pub all: Bitboard,
}

impl Threats {
    /// The opponent's attacks on `b`, as the side to move faces them.
    pub fn of(b: &Board) -> Threats {
        let them = b.turn().flip();
        let occupied = b.occupied();
        let by_pawn = pawn_attack_set(b, them);
        let mut by_minor = by_pawn;
        for sq in b.pieces(them, Role::Knight) {
            by_minor |= attacks::knight_attacks(sq);
        }
        for sq in b.pieces(them, Role::Bishop) {
            by_minor |= attacks::bishop_attacks(sq, occupied);
        }
        let mut by_rook = by_minor;
        for sq in b.pieces(them, Role::Rook) {
            by_rook |= attacks::rook_attacks(sq, occupied);
        }
        let mut all = by_rook;
        for sq in b.pieces(them, Role::Queen) {
            all |= attacks::queen_attacks(sq, occupied);
        }
        for sq in b.pieces(them, Role::King) {
            all |= attacks::king_attacks(sq);
        }
        Threats { by_pawn, by_minor, by_rook, all }
    }

    /// The squares where a `role` is hit by something cheaper.
    #[inline]
    fn danger(&self, role: Role) -> Bitboard {
        match role {
            Role::Queen => self.by_rook,
            Role::Rook => self.by_minor,
            Role::Knight | Role::Bishop => self.by_pawn,
            Role::Pawn | Role::King => Bitboard::EMPTY,
        }
    }
}

/// History slots per threat class of a move (`history_index`).
const FROM_TO: usize = 64 * 64;

/// The order bonus for a quiet move that takes a `role` out of reach of a cheaper
/// attacker to a square where none hits it (pawn, knight, bishop, rook, queen,
/// king), on the history scale (`±16384`).
const ESCAPE_BONUS: [i32; 6] = [0, 5_000, 5_000, 8_000, 16_000, 0];

/// The threat part of the order hint of a quiet move of a `role`: saving an
/// attacked piece.
#[inline]
fn escape_hint(threats: &Threats, role: Role, mv: Move) -> i32 {
    let danger = threats.danger(role);
    if danger.contains(mv.from()) && !danger.contains(mv.to()) {
        ESCAPE_BONUS[role.index()]
    } else {
        0
    }
}
