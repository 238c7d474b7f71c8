//! Protocol transcripts against the real binary: one test per command and per bad-input class.

mod common;
use common::*;
use std::time::Duration;

const ABOUT: &str = concat!(
    "name=\"Gorin\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"Gorin team\", country=\"International\""
);

#[test]
fn about_before_start_and_exact_line() {
    assert_eq!(replies("ABOUT\n"), vec![ABOUT]);
    assert_eq!(replies("about\r\nSTART 15\nABOUT\n"), vec![ABOUT, "OK", ABOUT]);
}

#[test]
fn hook_transcript_prints_exactly_about_ok_move() {
    let (lines, ok) = run_all("ABOUT\nSTART 15\nINFO timeout_turn 300\nINFO rule 4\nBEGIN\nEND\n", &[]);
    assert!(ok);
    let r: Vec<&String> = lines.iter().filter(|l| !is_info_line(l)).collect();
    assert_eq!(r.len(), 3, "{lines:?}");
    assert_eq!(r[0], ABOUT);
    assert_eq!(r[1], "OK");
    assert!(is_move_on(r[2], 15, 15), "{lines:?}");
}

#[test]
fn start_sizes_and_repeated_start() {
    let r = replies(
        "START 15\nSTART 20\nSTART 5\nSTART 32\nSTART 4\nSTART 33\nSTART 0\nSTART -3\nSTART x\nSTART\nSTART 20 15\nSTART 15\n",
    );
    assert_eq!(&r[..4], ["OK", "OK", "OK", "OK"]);
    for l in &r[4..10] {
        assert!(l.starts_with("ERROR "), "{r:?}");
    }
    assert_eq!(&r[10..], ["OK", "OK"]);
    // a failed START leaves the old game alone
    let mut b = Brain::start();
    b.send("START 20");
    assert_eq!(b.reply(), "OK");
    b.send("TURN 19,19");
    assert!(is_move_on(&b.reply(), 20, 20));
    let before = b.position();
    b.send("START 99");
    assert!(b.reply().starts_with("ERROR"));
    assert_eq!(b.position(), before);
}

#[test]
fn old_yixin_start_w_h_and_rectstart() {
    let mut b = Brain::start();
    b.send("START 20 15");
    assert_eq!(b.reply(), "OK");
    assert!(b.position().starts_with("POSITION 20x15 "));
    b.send("RECTSTART 20,15");
    assert_eq!(b.reply(), "OK");
    assert!(b.position().starts_with("POSITION 20x15 "));
    b.send("TURN 19,14");
    assert!(is_move_on(&b.reply(), 20, 15));
    b.send("TURN 5,15");
    assert!(b.reply().starts_with("ERROR"));
    b.send("RECTSTART 20");
    assert!(b.reply().starts_with("ERROR"));
    b.send("RECTSTART 40,15");
    assert!(b.reply().starts_with("ERROR"));
    assert!(b.position().starts_with("POSITION 20x15 "));
}

#[test]
fn restart_clears_the_board() {
    let mut b = Brain::start();
    b.send("START 15");
    assert_eq!(b.reply(), "OK");
    b.send("TURN 7,7");
    b.reply();
    b.send("RESTART");
    assert_eq!(b.reply(), "OK");
    assert_eq!(b.position(), "POSITION 15x15 freestyle black");
}

#[test]
fn begin_plays_a_legal_move_and_records_it() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send("BEGIN");
    let m = b.reply();
    assert!(is_move_on(&m, 15, 15));
    assert_eq!(b.position(), format!("POSITION 15x15 freestyle white B{m}"));
}

#[test]
fn turn_on_fresh_board_and_during_game() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send("TURN 7,7");
    let m = b.reply();
    assert!(is_move_on(&m, 15, 15) && m != "7,7");
    let p = b.position();
    assert!(p.contains(" B7,7") && p.contains(&format!(" W{m}")), "{p}");
    assert!(p.starts_with("POSITION 15x15 freestyle black"));
}

#[test]
fn board_with_own_opponent_and_wall_stones() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send_raw("BOARD\n7,7,2\n8,8,1\n9,9,2\n0,0,3\n0,1,3\nDONE\n");
    let m = b.reply();
    assert!(is_move_on(&m, 15, 15) && !["7,7", "8,8", "9,9", "0,0", "0,1"].contains(&m.as_str()));
    let p = b.position();
    assert!(p.contains(" #0,0") && p.contains(" #0,1") && p.contains(" B7,7") && p.contains(" W8,8"), "{p}");
    assert!(p.contains(" B9,9") && p.contains(&format!(" W{m}")), "{p}");
}

#[test]
fn board_bad_input_leaves_the_position() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send("TURN 7,7");
    b.reply();
    let before = b.position();
    for bad in [
        "BOARD\n1,1,1\n1,1,2\nDONE\n",        // duplicate
        "BOARD\n1,1,1\n2,2,1\nDONE\n",        // two own, no opponent
        "BOARD\n1,1,2\n2,2,2\n3,3,2\nDONE\n", // three opponent stones
        "BOARD\n15,1,1\n2,2,2\nDONE\n",       // off-board
        "BOARD\n1,1,4\nDONE\n",               // bad f
        "BOARD\n1,1\nDONE\n",                 // missing f
        "BOARD\n1,x,1\nDONE\n",               // unparsable
    ] {
        b.send_raw(bad);
        let r = b.reply();
        assert!(r.starts_with("ERROR "), "{bad:?} → {r}");
        assert_eq!(b.position(), before, "{bad:?}");
    }
    // a BOARD cut short by another command: ERROR, then the command runs
    b.send_raw("BOARD\n1,1,1\nABOUT\n");
    assert!(b.reply().starts_with("ERROR "));
    assert!(b.reply().starts_with("name=\"Gorin\""));
    assert_eq!(b.position(), before);
}

#[test]
fn info_never_prints() {
    let input = "INFO timeout_turn 1000\nINFO timeout_match 100000\nINFO time_left 99000\nINFO max_memory 83886080\n\
                 INFO game_type 1\nINFO rule 1\nINFO evaluate 7,7\nINFO folder C:\\some dir\\x\nINFO max_node 100000\n\
                 INFO max_depth 10\nINFO time_increment 0\nINFO caution_factor 2\nINFO thread_num 1\nINFO hash_size 1024\n\
                 INFO pondering 0\nINFO vcthread 0\nINFO usedatabase 0\nINFO time_left -50\nINFO time_left 2147483647\n\
                 INFO timeout_turn x\nINFO\nINFO nonsense_key 5\nINFO max_memory 99999999999999999999\ninfo rule 4\n";
    let (lines, ok) = run_all(input, &[]);
    assert!(ok);
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn end_exits_at_once_and_eof_exits_cleanly() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send("END");
    let (ok, t) = b.wait_exit(Duration::from_secs(5)).expect("END did not exit");
    assert!(ok && t < Duration::from_millis(500), "{t:?}");
    assert!(b.drain(Duration::from_millis(100)).is_empty());
    // EOF
    let (lines, ok) = run_all("START 15\n", &[]);
    assert!(ok);
    assert_eq!(lines, ["OK"]);
    let (lines, ok) = run_all("", &[]);
    assert!(ok && lines.is_empty());
}

#[test]
fn takeback_then_turn() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send("TURN 7,7");
    let m = b.reply();
    b.send(&format!("TAKEBACK {m}"));
    assert_eq!(b.reply(), "OK");
    b.send("TAKEBACK 7,7");
    assert_eq!(b.reply(), "OK");
    assert_eq!(b.position(), "POSITION 15x15 freestyle black");
    b.send("TAKEBACK 7,7");
    assert!(b.reply().starts_with("ERROR "));
    b.send("TAKEBACK 77,7");
    assert!(b.reply().starts_with("ERROR "));
    b.send("TURN 6,6");
    let m2 = b.reply();
    assert!(is_move_on(&m2, 15, 15) && m2 != "6,6");
    let cells = position_cells(&[("B", "6,6"), ("W", &m2)], 15);
    assert_eq!(b.position(), format!("POSITION 15x15 freestyle black {cells}"));
}

/// Cells in the row-major order DEBUGPOS prints them.
fn position_cells(cells: &[(&str, &str)], w: usize) -> String {
    let mut v: Vec<(usize, String)> = cells
        .iter()
        .map(|(c, m)| {
            let (x, y) = parse_move(m).unwrap();
            (y * w + x, format!("{c}{m}"))
        })
        .collect();
    v.sort();
    v.into_iter().map(|(_, s)| s).collect::<Vec<_>>().join(" ")
}

#[test]
fn play_places_our_stone_and_echoes() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    // we are white to move after a yxboard (no reply), then PLAY puts our stone there
    b.send_raw("yxboard\n7,7,2\ndone\n");
    b.send("PLAY 1,1");
    assert_eq!(b.reply(), "1,1");
    assert_eq!(b.position(), "POSITION 15x15 freestyle black W1,1 B7,7");
    b.send("PLAY 1,1");
    assert!(b.reply().starts_with("ERROR "));
    b.send("PLAY 1,15");
    assert!(b.reply().starts_with("ERROR "));
}

#[test]
fn swap2_all_three_cases() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send("INFO time_left 100000");
    b.send_raw("SWAP2BOARD\nDONE\n");
    let three = b.reply();
    let v: Vec<&str> = three.split(' ').collect();
    assert_eq!(v.len(), 3, "{three}");
    assert!(v.iter().all(|m| is_move_on(m, 15, 15)));
    let mut uniq = v.clone();
    uniq.sort();
    uniq.dedup();
    assert_eq!(uniq.len(), 3);
    // case 2: three stones → SWAP, one stone or two stones
    b.send_raw("SWAP2BOARD\n7,7\n7,8\n8,9\nDONE\n");
    let r = b.reply();
    let ok2 = r == "SWAP" || {
        let w: Vec<&str> = r.split(' ').collect();
        (w.len() == 1 || w.len() == 2) && w.iter().all(|m| is_move_on(m, 15, 15) && !["7,7", "7,8", "8,9"].contains(m))
    };
    assert!(ok2, "{r}");
    // case 3: five stones → SWAP or one stone
    b.send_raw("SWAP2BOARD\n7,7\n7,8\n8,9\n6,6\n9,9\nDONE\n");
    let r = b.reply();
    assert!(
        r == "SWAP" || (is_move_on(&r, 15, 15) && !["7,7", "7,8", "8,9", "6,6", "9,9"].contains(&r.as_str())),
        "{r}"
    );
    // bad swap2 boards: wrong count, occupied, off-board
    for bad in ["SWAP2BOARD\n7,7\nDONE\n", "SWAP2BOARD\n7,7\n7,7\n8,8\nDONE\n", "SWAP2BOARD\n7,7\n7,8\n15,1\nDONE\n"] {
        assert!(b.reply_after(bad).starts_with("ERROR "), "{bad:?}");
    }
    // the game itself was not touched
    assert_eq!(b.position(), "POSITION 15x15 freestyle black");
}

trait ReplyAfter {
    fn reply_after(&mut self, text: &str) -> String;
}
impl ReplyAfter for Brain {
    fn reply_after(&mut self, text: &str) -> String {
        self.send_raw(text);
        self.reply()
    }
}

/// RIF rule: the recursive double three (tests/data/forbid_maps_mintaka.txt,
/// `recursive_double_three#0`).
const RECURSIVE: [&str; 15] = [
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "......OO.......",
    "......XX.......",
    "....OXXXXO.....",
    "....OXXXXO.....",
    "......XX.......",
    "......OO.......",
    "...............",
    "...............",
    "...............",
    "...............",
];

#[test]
fn yxboard_and_yxshowforbid_with_a_recursive_forbidden_point() {
    let mut input = String::from("info show_detail 3\nyxshowinfo\nINFO rule 2\nstart 15\nyxboard\n");
    for (y, row) in RECURSIVE.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'X' => input.push_str(&format!("{x},{y},1\n")),
                'O' => input.push_str(&format!("{x},{y},2\n")),
                _ => {}
            }
        }
    }
    input.push_str("done\nyxshowforbid\nDEBUGPOS\n");
    let (lines, ok) = run_all(&input, &[]);
    assert!(ok);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(lines[0].starts_with("MESSAGE INFO MAX_THREAD_NUM "));
    assert!(lines[1].starts_with("MESSAGE INFO MAX_HASH_SIZE "));
    assert_eq!(lines[2], "OK");
    // no move reply for yxboard; 5,6 8,6 5,9 8,9 are forbidden, row-major
    assert_eq!(lines[3], "FORBID 0506080605090809.");
    assert!(lines[4].starts_with("DEBUG POSITION 15x15 renju black"), "{}", lines[4]);
    // no forbidden points when white is to move or without renju
    let r = replies("START 15\nyxshowforbid\nINFO rule 4\nyxboard\n7,7,2\ndone\nyxshowforbid\n");
    assert_eq!(r, ["OK", "FORBID .", "FORBID ."]);
}

#[test]
fn rule_2_means_renju_only_for_yixin_board() {
    let r = replies("INFO rule 2\nSTART 15\nDEBUGPOS\n");
    assert_eq!(r, ["OK"]);
    let (lines, _) = run_all("INFO rule 2\nSTART 15\nDEBUGPOS\n", &[]);
    assert!(lines[1].starts_with("DEBUG POSITION 15x15 freestyle"), "{lines:?}");
    let (lines, _) = run_all("yxshowinfo\nINFO rule 2\nSTART 15\nDEBUGPOS\n", &[]);
    assert!(lines[3].starts_with("DEBUG POSITION 15x15 renju"), "{lines:?}");
    let (lines, _) = run_all("INFO rule 4\nSTART 15\nDEBUGPOS\nINFO rule 1\nDEBUGPOS\n", &[]);
    assert!(lines[1].starts_with("DEBUG POSITION 15x15 renju"), "{lines:?}");
    assert!(lines[2].starts_with("DEBUG POSITION 15x15 standard"), "{lines:?}");
}

#[test]
fn yixin_commands() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send_raw("yxboard\n7,7,2\n8,8,1\n7,8,2\ndone\n");
    for c in ["yxnbest 2", "yxbalanceone 10", "YXBALANCEONE", "yxsearchdefend"] {
        b.send(c);
        let m = b.reply();
        assert!(is_move_on(&m, 15, 15) && !["7,7", "8,8", "7,8"].contains(&m.as_str()), "{c} → {m}");
    }
    // yxbalancetwo answers a pair of moves on one line
    for c in ["yxbalancetwo 10", "YXBALANCETWO"] {
        b.send(c);
        let r = b.reply();
        let v: Vec<&str> = r.split(' ').collect();
        assert!(v.len() == 2 && v[0] != v[1], "{c} → {r}");
        assert!(v.iter().all(|m| is_move_on(m, 15, 15) && !["7,7", "8,8", "7,8"].contains(m)), "{c} → {r}");
    }
    // thinking commands do not change the position; yxhashclear and an idle yxstop print nothing
    b.send("yxhashclear");
    b.send("yxstop");
    b.send("STOP");
    assert_eq!(b.position(), "POSITION 15x15 freestyle white B7,7 B7,8 W8,8");
    // unknown yx blocks are consumed up to done
    b.send_raw("yxblock\n1,1\n2,2\ndone\nyxquerydatabaseall\nABOUT\n");
    assert_eq!(b.reply(), "UNKNOWN yxblock");
    assert_eq!(b.reply(), "UNKNOWN yxquerydatabaseall");
    assert_eq!(b.reply(), ABOUT);
    b.send("yxnbest x");
    assert!(b.reply().starts_with("ERROR "));
}

#[test]
fn realtime_and_detail_lines_only_when_asked() {
    // plain Gomocup manager: MESSAGE lines and the move only
    // (500 ms turns: a loaded test machine must still finish an iteration)
    let (lines, _) = run_all("START 15\nINFO timeout_turn 500\nTURN 7,7\n", &[]);
    assert!(lines.iter().all(|l| !l.starts_with("INFO") && !l.contains("REALTIME")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("MESSAGE Depth ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("MESSAGE Speed ")), "{lines:?}");
    // Yixin-Board with show_detail 3: REALTIME and bare INFO lines, all on the board
    let (lines, _) = run_all("info show_detail 3\nSTART 15\nINFO timeout_turn 500\nTURN 7,7\n", &[]);
    assert!(lines.iter().any(|l| l.starts_with("MESSAGE REALTIME BEST ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("INFO DEPTH ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("INFO EVAL ")), "{lines:?}");
    for l in &lines {
        if let Some(m) = l.strip_prefix("MESSAGE REALTIME BEST ") {
            assert!(is_move_on(m, 15, 15));
        }
    }
    // show_detail without bit 2: REALTIME but no bare INFO
    let (lines, _) = run_all("info show_detail 1\nSTART 15\nTURN 7,7\n", &[]);
    assert!(lines.iter().all(|l| !l.starts_with("INFO")), "{lines:?}");
}

#[test]
fn bad_input_classes() {
    let mut b = Brain::start();
    b.send("START 15");
    b.reply();
    b.send("TURN 7,7");
    let m = b.reply();
    let before = b.position();
    let cases: &[(&str, &str)] = &[
        ("HELLO", "UNKNOWN HELLO"),
        ("SUGGEST 1,1", "UNKNOWN SUGGEST 1,1"),
        ("DONE", "UNKNOWN DONE"),
        ("TURN", "ERROR"),
        ("TURN 7", "ERROR"),
        ("TURN a,b", "ERROR"),
        ("TURN 1,2,3", "ERROR"),
        ("TURN -1,5", "ERROR"),
        ("TURN 15,0", "ERROR"),
        ("TURN 0,15", "ERROR"),
        ("TURN 99999999999999999999999,1", "ERROR"),
        ("TURN 7,7", "ERROR"),
        ("TAKEBACK x", "ERROR"),
        ("PLAY 7,7", "ERROR"),
        ("BEGIN now", "ERROR"),
        ("RESTART 3", "ERROR"),
        ("START 1000", "ERROR"),
    ];
    for (input, want) in cases {
        b.send(input);
        let r = b.reply();
        assert!(r.starts_with(want), "{input:?} → {r:?}");
        assert_eq!(b.position(), before, "{input:?} changed the position");
    }
    b.send(&format!("TURN {m}"));
    assert!(b.reply().starts_with("ERROR"));
    assert_eq!(b.position(), before);
}

#[test]
fn line_endings_case_and_spaces() {
    // CRLF, lone CR, lower case, extra spaces, empty lines
    let r = replies("start 15\r\n\r\n  about  \rturn   7,7\r\ntakeback 7,7\rTuRn 7 , 7\n\n");
    assert_eq!(r.len(), 5, "{r:?}");
    assert_eq!(r[0], "OK");
    assert_eq!(r[1], ABOUT);
    // r[2] our answer to 7,7; r[3] the takeback of 7,7 (a stone from the middle of the game);
    // r[4] the answer to the new 7,7
    assert!(is_move_on(&r[2], 15, 15), "{r:?}");
    assert_eq!(r[3], "OK");
    assert!(is_move_on(&r[4], 15, 15), "{r:?}");
}

#[test]
fn renju_black_never_plays_forbidden_and_opponent_forbidden_is_accepted() {
    // Gomocup referee check: black to move must not play g9 (6,8).
    let mv = moves("h8h9i7i9h10i6i11i12");
    let input = format!("INFO rule 4\nSTART 15\n{}", board_block("BOARD", &mv));
    let r = replies(&input);
    assert_eq!(r[0], "OK");
    assert!(is_move_on(&r[1], 15, 15) && r[1] != "6,8", "{r:?}");
    // the opponent (black) plays the forbidden point: accepted, we answer a move. Set up the
    // position with us as white (BOARD, take our answer back, PLAY i12), then black plays g9.
    let mut b = Brain::start();
    b.send("INFO rule 4");
    b.send("START 15");
    assert_eq!(b.reply(), "OK");
    b.send_raw(&board_block("BOARD", &moves("h8h9i7i9h10i6i11")));
    let ours = b.reply();
    b.send(&format!("TAKEBACK {ours}"));
    assert_eq!(b.reply(), "OK");
    b.send("PLAY 8,11");
    assert_eq!(b.reply(), "8,11");
    b.send("TURN 6,8");
    let m = b.reply();
    assert!(is_move_on(&m, 15, 15) && m != "6,8", "{m}");
    assert!(b.position().contains(" B6,8"));
}

#[test]
fn referee_checks_win_and_block() {
    // any rule: black must win at g8 or l8
    for rule in [0, 1, 4, 8] {
        let input = format!("INFO rule {rule}\nSTART 15\n{}", board_block("BOARD", &moves("h8h9i8i9j8j9k8k9")));
        let r = replies(&input);
        assert!(r[1] == "6,7" || r[1] == "11,7", "rule {rule}: {r:?}");
    }
    // caro: black must answer f5, f6, f10 or f11
    let input = format!("INFO rule 8\nSTART 15\n{}", board_block("BOARD", &moves("h8f8g8f9i8f7j8l8")));
    let r = replies(&input);
    assert!(["5,4", "5,5", "5,9", "5,10"].contains(&r[1].as_str()), "{r:?}");
}

#[test]
fn full_board_answers_error_not_a_pass() {
    // 5x5 full: 12 own stones, 13 opponent's (we are white), no legal move
    let mut s = String::from("START 5\nBOARD\n");
    let mut own = 0;
    for y in 0..5 {
        for x in 0..5 {
            let f = if (x + y * 5) % 2 == 1 && own < 12 {
                own += 1;
                1
            } else {
                2
            };
            s.push_str(&format!("{x},{y},{f}\n"));
        }
    }
    s.push_str("DONE\n");
    let r = replies(&s);
    assert_eq!(r[0], "OK");
    assert_eq!(r[1], "ERROR no legal move");
}

#[test]
fn unknown_arguments_run_the_protocol_and_forbid_tool_still_works() {
    let mut b = Brain::start_with(&["--force-utf8"], &[]);
    b.send("ABOUT");
    assert_eq!(b.reply(), ABOUT);
    let out = std::process::Command::new(BIN).args(["forbid", "h8h9i7i9h10i6i11i12"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "FORBID 0608.");
}

#[test]
fn commands_during_a_search_are_queued_not_dropped() {
    // Each search takes its whole (small) budget; a TURN sent while we think is answered after.
    let mut b = Brain::start_with(&[], &[("GORIN_DEBUG_SEARCH", "full")]);
    b.send("START 15");
    b.reply();
    b.send("INFO timeout_turn 300");
    b.send_raw("BEGIN\nABOUT\n");
    let m = b.reply();
    assert!(is_move_on(&m, 15, 15));
    assert_eq!(b.reply(), ABOUT);
    b.send("TURN 0,0");
    b.send("TURN 1,1");
    let m1 = b.reply();
    assert!(is_move_on(&m1, 15, 15));
    // the second TURN queued behind the first search
    let m2 = b.reply();
    assert!(is_move_on(&m2, 15, 15));
    let p = b.position();
    assert!(
        p.contains(" W0,0") && p.contains(" W1,1") && p.contains(&format!(" B{m1}")) && p.contains(&format!(" B{m2}")),
        "{p}"
    );
}
