//! Knights, bishops, rooks and queens: mobility, rooks on open files, outposts,
//! bishops hemmed in by their own pawns, and the attacks they aim at the enemy king
//! zone. One pass computes each piece's attacks once; the attack sets are kept for
//! the king safety and threat terms, which need both sides' attacks.

use super::acc::Acc;
use super::layout::Group;
use super::masks::{adjacent_files, passed_span};
use super::params::KING_ATTACK_WEIGHT;
use super::{sign, Term};
use crate::core::Side;
use crate::variants::chesslike::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::variants::chesslike::{Bitboard, Board, Role};

/// Knight, bishop, rook and queen mobility tables: (first index, last index).
const MOBILITY: [(usize, usize); 4] = {
    let g = [Group::KnightMobility, Group::BishopMobility, Group::RookMobility, Group::QueenMobility];
    let mut t = [(0, 0); 4];
    let mut i = 0;
    while i < 4 {
        t[i] = (g[i].start(), g[i].start() + g[i].size() - 1);
        i += 1;
    }
    t
};

/// One side's attacks, and what its pieces aim at the enemy king.
pub struct SideAttacks {
    /// Squares attacked by each role (pawn .. king).
    pub by_role: [Bitboard; 6],
    /// Squares attacked by anything.
    pub all: Bitboard,
    /// Squares attacked at least twice.
    pub twice: Bitboard,
    /// King-zone attack units and how many pieces contribute them.
    pub units: i32,
    pub attackers: i32,
}

impl SideAttacks {
    #[inline(always)]
    fn record(&mut self, role: Role, attacks: Bitboard) {
        self.twice = self.twice | (self.all & attacks);
        self.all = self.all | attacks;
        self.by_role[role.index()] = self.by_role[role.index()] | attacks;
    }
}

/// The piece terms of `us`, reported to `acc`, and `us`'s attacks.
pub fn evaluate(
    b: &Board,
    us: Side,
    our_pawn_attacks: Bitboard,
    their_pawn_attacks: Bitboard,
    their_king_zone: Bitboard,
    acc: &mut impl Acc,
) -> SideAttacks {
    let sg = sign(us);
    let them = us.flip();
    let own = b.by_side(us);
    let occ = b.occupied();
    let own_pawns = b.pieces(us, Role::Pawn);
    let their_pawns = b.pieces(them, Role::Pawn);
    let all_pawns = b.by_role(Role::Pawn);
    // Squares a piece may go to and count: not blocked by an own pawn or the own
    // king, and not where an enemy pawn would take it for free.
    let area = !(own_pawns | b.pieces(us, Role::King) | their_pawn_attacks);
    // Sliders see through their own batteries (a bishop behind its queen, doubled rooks).
    let own_queens = b.pieces(us, Role::Queen);
    let diag_occ = occ & !own_queens;
    let line_occ = occ & !(own_queens | b.pieces(us, Role::Rook));

    let mut t = SideAttacks {
        by_role: [Bitboard::EMPTY; 6],
        all: Bitboard::EMPTY,
        twice: Bitboard::EMPTY,
        units: 0,
        attackers: 0,
    };
    let west = own_pawns.pawn_attacks_west(us);
    let east = own_pawns.pawn_attacks_east(us);
    t.by_role[0] = our_pawn_attacks;
    t.all = our_pawn_attacks;
    t.twice = west & east;
    if let Some(k) = b.king_of(us) {
        t.record(Role::King, king_attacks(k));
    }

    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].into_iter().enumerate() {
        for sq in own & b.by_role(role) {
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, diag_occ),
                Role::Rook => rook_attacks(sq, line_occ),
                _ => queen_attacks(sq, occ),
            };
            t.record(role, attacks);
            let (first, last) = MOBILITY[i];
            acc.add(Term::Mobility, (first + (attacks & area).count() as usize).min(last), sg);

            let zone_hits = (attacks & their_king_zone).count() as i32;
            if zone_hits > 0 {
                t.attackers += 1;
                t.units += KING_ATTACK_WEIGHT[role.index()] * zone_hits;
            }

            match role {
                Role::Rook => {
                    let file = Bitboard::file(sq.file());
                    if (file & all_pawns).is_empty() {
                        acc.add(Term::Pieces, Group::RookOpenFile.at(0), sg);
                    } else if (file & own_pawns).is_empty() {
                        acc.add(Term::Pieces, Group::RookSemiOpenFile.at(0), sg);
                    }
                }
                Role::Knight | Role::Bishop => {
                    let r = sq.relative_rank(us);
                    let safe = (passed_span(us, sq) & adjacent_files(sq.file()) & their_pawns).is_empty();
                    if (3..=5).contains(&r) && our_pawn_attacks.contains(sq) && safe {
                        acc.add(Term::Pieces, Group::Outpost.at(i), sg);
                    }
                    if (Bitboard::from_square(sq).forward(us) & own_pawns).any() {
                        acc.add(Term::Pieces, Group::MinorBehindPawn.at(0), sg);
                    }
                    if role == Role::Bishop {
                        let colour = if Bitboard::DARK_SQUARES.contains(sq) {
                            Bitboard::DARK_SQUARES
                        } else {
                            Bitboard::LIGHT_SQUARES
                        };
                        let n = (own_pawns & colour).count() as i32;
                        if n > 0 {
                            acc.add(Term::Pieces, Group::BishopPawns.at(0), sg * n);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    t
}
