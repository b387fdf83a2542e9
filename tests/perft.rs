//! Every case of the reference perft files, run through each variant's real perft.
//! Add one test per data file; the files live in `tests/data/` (copied from the
//! shared reference set).

mod common;

#[allow(unused_imports)]
use common::perft_file::check_file;
