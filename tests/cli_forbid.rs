//! The `forbid` subcommand through the real binary: the protocol.md example, white to move,
//! `--size`, output order, and bad input (one line on stderr, non-zero exit, empty stdout).

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pbrain-gorin")).args(args).output().expect("run pbrain-gorin")
}

/// Succeeds with exactly `want` and a newline on stdout, nothing on stderr.
fn ok(args: &[&str], want: &str) {
    let o = run(args);
    assert!(o.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), format!("{want}\n"), "{args:?}");
    assert!(o.stderr.is_empty(), "{args:?} wrote to stderr: {}", String::from_utf8_lossy(&o.stderr));
}

/// Fails: non-zero exit, nothing on stdout, exactly one line on stderr that mentions `hint`.
fn fails(args: &[&str], hint: &str) {
    let o = run(args);
    assert!(!o.status.success(), "{args:?} should fail");
    assert!(o.stdout.is_empty(), "{args:?} wrote to stdout: {}", String::from_utf8_lossy(&o.stdout));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: want one stderr line, got {err:?}");
    assert!(err.ends_with('\n'));
    assert!(err.to_lowercase().contains(hint), "{args:?}: {err:?} should mention {hint:?}");
}

#[test]
fn protocol_example_double_three_at_g9() {
    // protocol.md: after h8h9i7i9h10i6i11i12 black must not play g9 (x 6, y 8).
    ok(&["forbid", "h8h9i7i9h10i6i11i12"], "FORBID 0608.");
}

#[test]
fn white_to_move_has_no_forbidden_points() {
    // Same shape one move on: white to move, and white is never restricted.
    ok(&["forbid", "h8h9i7i9h10i6i11i12a1"], "FORBID .");
    ok(&["forbid", "h8"], "FORBID .");
}

#[test]
fn empty_board_and_other_rules_list_nothing() {
    ok(&["forbid", ""], "FORBID .");
    ok(&["forbid", "--rule", "freestyle", "h8h9i7i9h10i6i11i12"], "FORBID .");
}

#[test]
fn points_sorted_by_y_then_x() {
    // Black: j2 k2 l2 . n2 o2 on row y 1 and a6 b6 c6 . e6 f6 on row y 5; each gap makes six
    // (overline). White's stones are spread on rows 13 and 15, touching nothing. The point
    // with the larger x (12,1) comes first because its y is smaller.
    ok(&["forbid", "j2a15k2c15l2e15n2g15o2i15a6k15b6m15c6o15e6a13f6c13"], "FORBID 12010305.");
}

#[test]
fn size_option() {
    // s19 is x 18, y 18: on the board at --size 20, off it at the default 15.
    ok(&["forbid", "--size", "20", "s19"], "FORBID .");
    ok(&["forbid", "--size", "20", "h8h9i7i9h10i6i11i12"], "FORBID 0608.");
    fails(&["forbid", "s19"], "off the board");
    fails(&["forbid", "--size", "4", "a1"], "unsupported board size");
    fails(&["forbid", "--size", "33", "a1"], "unsupported board size");
    // The same shape moved by (+10, +8) towards the far corner of a 20x20 board: g9 becomes
    // q17 (16,16). One straight-four point of the anti-diagonal three, (19,13), now has the
    // edge right behind its four, but (15,17) still makes a straight four, so both threes
    // stay real.
    ok(&["forbid", "--size", "20", "r16r17s15s17r18s14s19s20"], "FORBID 1616.");
}

#[test]
fn unparsable_moves() {
    fails(&["forbid", "h8zz"], "row");
    fails(&["forbid", "8h"], "column");
    fails(&["forbid", "h0"], "row 0");
}

#[test]
fn occupied_point() {
    fails(&["forbid", "h8i9h8"], "occupied");
}

#[test]
fn off_board_point() {
    fails(&["forbid", "h8p8"], "off the board");
}

#[test]
fn forbidden_move_in_the_string() {
    // Black playing g9 itself is a foul under renju.
    fails(&["forbid", "h8h9i7i9h10i6i11i12g9"], "forbidden");
}

#[test]
fn game_that_already_has_a_five() {
    // Black's h8..l8 is five; nothing may follow, and a finished game has no FORBID answer.
    fails(&["forbid", "h8a1i8a2j8a3k8a4l8"], "five");
    fails(&["forbid", "h8a1i8a2j8a3k8a4l8a5"], "after the game ended");
}
