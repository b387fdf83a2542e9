//! EPD, the line format of opening books: a FEN's first four fields (board, side
//! to move, castling, en passant) followed by operations such as `ce 12;`.
//! `ludex openings` writes it; `ludex match` and `ludex datagen` read it.

/// The four position fields of an EPD or FEN line, joined by single spaces, or
/// `None` when the line has fewer than four. Two book lines with the same fields
/// are the same opening, whatever their operations or move counters.
pub fn position_fields(line: &str) -> Option<String> {
    let fields: Vec<&str> = line.split_whitespace().take(4).collect();
    (fields.len() == 4).then(|| fields.join(" "))
}

/// An EPD line as a FEN the position parsers read: its four fields with the move
/// counters that EPD does not carry (`0 1`).
pub fn to_fen(line: &str) -> Option<String> {
    position_fields(line).map(|fields| format!("{fields} 0 1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_counters_and_operations() {
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR  b KQkq e3 ce 12; id \"x\";";
        assert_eq!(position_fields(epd).unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
        assert_eq!(to_fen(epd).unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        // A FEN's counters are not part of the position.
        assert_eq!(position_fields("8/8/8/8/8/8/8/K6k w - - 37 80").unwrap(), "8/8/8/8/8/8/8/K6k w - -");
        assert_eq!(position_fields("8/8/8/8/8/8/8/K6k w -"), None);
        assert_eq!(to_fen(""), None);
    }
}
