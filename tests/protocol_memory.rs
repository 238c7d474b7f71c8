//! Peak memory through the real binary (Linux only: reads VmHWM from /proc). With
//! `INFO max_memory` 64 MiB and 350 MiB (and 0 = the 350 MiB default) the process's peak
//! resident set stays under the limit while it plays a game.

mod common;

#[cfg(target_os = "linux")]
mod linux {
    use super::common::*;

    fn peak_kb(pid: u32) -> u64 {
        let s = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read /proc status");
        let line = s.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    fn game_peak(max_memory: u64) -> u64 {
        let mut b = Brain::start();
        b.send(&format!("INFO max_memory {max_memory}"));
        b.send("INFO timeout_turn 50");
        b.send("START 20");
        assert_eq!(b.reply(), "OK");
        let mut taken = std::collections::HashSet::new();
        b.send("BEGIN");
        let first = b.reply();
        taken.insert(parse_move(&first).unwrap());
        let mut k = 0usize;
        for _ in 0..60 {
            // the opponent: next free point in row-major order
            let p = loop {
                let p = (k % 20, k / 20);
                k += 1;
                if !taken.contains(&p) {
                    break p;
                }
            };
            taken.insert(p);
            b.send(&format!("TURN {},{}", p.0, p.1));
            let r = b.reply();
            if let Some(m) = parse_move(&r) {
                taken.insert(m);
            }
        }
        // a last command so the process is certainly past all the moves
        assert!(b.position().starts_with("POSITION 20x20"));
        let kb = peak_kb(b.child.id());
        eprintln!("max_memory {} MiB: peak RSS {kb} KiB ({:.1} MiB)", max_memory >> 20, kb as f64 / 1024.0);
        kb
    }

    #[test]
    fn peak_rss_stays_under_max_memory() {
        for mib in [64u64, 350] {
            let kb = game_peak(mib << 20);
            assert!(kb * 1024 < mib << 20, "{mib} MiB limit: peak {kb} KiB");
        }
        let kb = game_peak(0);
        assert!(kb * 1024 < 350 << 20, "default limit: peak {kb} KiB");
    }
}
