//! A fixed-capacity move list that lives on the stack: move generation runs millions
//! of times a second and must not allocate.

use std::mem::MaybeUninit;

/// Enough for any chess position (218 moves) and for a 22x22 connect board (484 cells).
pub const MAX_MOVES: usize = 512;

pub struct MoveList<M: Copy> {
    len: usize,
    moves: [MaybeUninit<M>; MAX_MOVES],
}

impl<M: Copy> MoveList<M> {
    #[inline]
    pub fn new() -> Self {
        MoveList { len: 0, moves: [MaybeUninit::uninit(); MAX_MOVES] }
    }

    #[inline]
    pub fn push(&mut self, mv: M) {
        debug_assert!(self.len < MAX_MOVES);
        // The capacity bound holds for every supported board (see MAX_MOVES); a
        // release build still refuses to write past the end rather than corrupt memory.
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(mv);
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const M, self.len) }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut M, self.len) }
    }

    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        self.as_mut_slice().swap(a, b);
    }
}

impl<M: Copy> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy> std::ops::Index<usize> for MoveList<M> {
    type Output = M;
    #[inline]
    fn index(&self, i: usize) -> &M {
        &self.as_slice()[i]
    }
}

impl<M: Copy> std::ops::IndexMut<usize> for MoveList<M> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut M {
        &mut self.as_mut_slice()[i]
    }
}

impl<'a, M: Copy> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_index_truncate() {
        let mut l = MoveList::<u16>::new();
        assert!(l.is_empty());
        for i in 0..10 {
            l.push(i);
        }
        assert_eq!(l.len(), 10);
        assert_eq!(l[3], 3);
        l.swap(0, 9);
        assert_eq!(l.as_slice()[0], 9);
        l.truncate(4);
        assert_eq!(l.iter().copied().collect::<Vec<_>>(), vec![9, 1, 2, 3]);
    }
}
