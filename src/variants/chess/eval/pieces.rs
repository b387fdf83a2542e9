//! Knights, bishops, rooks and queens: mobility, rooks on open files, and the
//! attacks they aim at the enemy king's zone (scored in king_safety.rs). One pass
//! computes each piece's attacks once for all three.

use super::params::{MOBILITY, KING_ATTACK_WEIGHT, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE};
use super::tapered::S;
use crate::core::Side;
use crate::variants::chesslike::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::variants::chesslike::{Bitboard, Board, Role};

/// What one side's pieces contribute.
#[derive(Default)]
pub struct PieceTerms {
    pub mobility: S,
    pub rooks: S,
    /// Attack units against the enemy king zone and how many pieces contribute them.
    pub attack_units: i32,
    pub attackers: i32,
}

/// `us`'s pieces given the squares enemy pawns attack and the enemy king zone.
pub fn evaluate(b: &Board, us: Side, their_pawn_attacks: Bitboard, their_king_zone: Bitboard) -> PieceTerms {
    let own = b.by_side(us);
    let occ = b.occupied();
    let own_pawns = b.pieces(us, Role::Pawn);
    let all_pawns = b.by_role(Role::Pawn);
    // Squares a piece may go to and count: not blocked by an own pawn or the own
    // king, and not where an enemy pawn would take it for free.
    let area = !(own_pawns | b.pieces(us, Role::King) | their_pawn_attacks);
    // Sliders see through their own batteries (a bishop behind its queen, doubled rooks).
    let own_queens = b.pieces(us, Role::Queen);
    let diag_occ = occ & !own_queens;
    let line_occ = occ & !(own_queens | b.pieces(us, Role::Rook));

    let mut t = PieceTerms::default();
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].into_iter().enumerate() {
        let (typical, cap, per_square) = MOBILITY[i];
        for sq in own & b.by_role(role) {
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, diag_occ),
                Role::Rook => rook_attacks(sq, line_occ),
                _ => queen_attacks(sq, occ),
            };
            let count = (attacks & area).count() as i32;
            t.mobility += per_square * (count.min(cap) - typical);

            let zone_hits = (attacks & their_king_zone).count() as i32;
            if zone_hits > 0 {
                t.attackers += 1;
                t.attack_units += KING_ATTACK_WEIGHT[role.index()] * zone_hits;
            }

            if role == Role::Rook {
                let file = Bitboard::file(sq.file());
                if (file & all_pawns).is_empty() {
                    t.rooks += ROOK_OPEN_FILE;
                } else if (file & own_pawns).is_empty() {
                    t.rooks += ROOK_SEMI_OPEN_FILE;
                }
            }
        }
    }
    t
}
