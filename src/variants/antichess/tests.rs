//! Unit tests of the antichess family rules.
