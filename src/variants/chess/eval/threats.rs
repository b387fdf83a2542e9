//! Threats: enemy pieces that `us` attacks with something cheaper, or that nobody
//! defends. A static evaluation cannot see the capture itself, but a position with
//! a piece en prise or forked by a pawn is worth more to the side that can take,
//! and quiescence search only resolves captures of the side to move.

use super::acc::Acc;
use super::layout::Group;
use super::pieces::SideAttacks;
use super::{sign, Term};
use crate::core::Side;
use crate::variants::chesslike::{Board, Role};

/// The threats of `us` (attacks `ours`) against the other side (attacks `theirs`).
pub fn evaluate(b: &Board, us: Side, ours: &SideAttacks, theirs: &SideAttacks, acc: &mut impl Acc) {
    let sg = sign(us);
    let them = us.flip();
    let targets = b.by_side(them) & !b.by_role(Role::King);
    if targets.is_empty() {
        return;
    }
    let pawn_defended = theirs.by_role[Role::Pawn.index()];
    let minors = ours.by_role[Role::Knight.index()] | ours.by_role[Role::Bishop.index()];
    let rooks = ours.by_role[Role::Rook.index()];
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let set = targets & b.by_role(role);
        if set.is_empty() {
            continue;
        }
        let i = role.index();
        if role != Role::Pawn {
            let n = (set & ours.by_role[Role::Pawn.index()]).count() as i32;
            if n > 0 {
                acc.add(Term::Threats, Group::ThreatByPawn.at(i - 1), sg * n);
            }
        }
        // Against a piece worth no more than the attacker, the threat is real only
        // when no pawn defends the target.
        let weak_for_minor = if role <= Role::Bishop { set & !pawn_defended } else { set };
        let n = (weak_for_minor & minors).count() as i32;
        if n > 0 {
            acc.add(Term::Threats, Group::ThreatByMinor.at(i), sg * n);
        }
        let weak_for_rook = if role <= Role::Rook { set & !pawn_defended } else { set };
        let n = (weak_for_rook & rooks).count() as i32;
        if n > 0 {
            acc.add(Term::Threats, Group::ThreatByRook.at(i), sg * n);
        }
    }
    let undefended = targets & ours.all & !theirs.all;
    if undefended.any() {
        acc.add(Term::Threats, Group::Hanging.at(0), sg * undefended.count() as i32);
        let by_king = (undefended & ours.by_role[Role::King.index()]).count() as i32;
        if by_king > 0 {
            acc.add(Term::Threats, Group::ThreatByKing.at(0), sg * by_king);
        }
    }
}
