//! The match: worker threads each driving their own pair of engine processes, a results file
//! appended as games finish, records per game, a live progress line, Elo and the SPRT.

use super::engine::{Engine, EngineSpec, open_log};
use super::interrupt;
use super::openings::Opening;
use super::play::{GameSettings, OpeningSettings, Player, play_game, play_game_opening};
use super::record::{GameRecord, Termination};
use super::stats::{Sprt, SprtState, Tally};
use crate::core::{Color, format_move_string};
use crate::opening::rif::OpeningRule;
use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Engine A (the one the score is counted for) and engine B.
    pub engines: [EngineSpec; 2],
    /// Display names that replace the engines' ABOUT names (e.g. two builds of one engine).
    pub names: [Option<String>; 2],
    pub settings: GameSettings,
    /// Number of games (an upper bound under SPRT).
    pub games: usize,
    /// Openings, each played twice with colours swapped; empty = every game from the empty board.
    pub openings: Vec<Opening>,
    /// Games played at once.
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    /// Where results, records and logs go. Must not already hold a match.
    pub out_dir: PathBuf,
    /// Rewrite the progress line in place (`\r`), for terminals.
    pub tty: bool,
    /// Play every game's opening under this rule (then `openings` is not used): the first
    /// player is A in even games and B in odd ones; both games of a pair share a seed.
    pub opening_rule: Option<OpeningRule>,
    /// Milliseconds per opening decision.
    pub opening_ms: u64,
    /// The match seed (`--seed`), for the openings' seeds.
    pub seed: u64,
    /// Read move replies as Piskvork does ([`Player::strict`]).
    pub strict: bool,
}

/// A sequential test's outcome. The decision is the one taken when the LLR first crossed a
/// bound; the games that were still being played then are counted in the tally and in
/// `final_llr`, but they do not undo the decision (a test that could be undone by the games
/// after its stopping point would no longer have its stated error rates).
#[derive(Clone, Copy, Debug)]
pub struct SprtOutcome {
    pub state: SprtState,
    /// The LLR when the decision was taken (the last one if none was).
    pub llr: f64,
    /// Games counted when the LLR crossed a bound.
    pub decided_at: Option<u64>,
    /// The LLR over every finished game.
    pub final_llr: f64,
}

impl SprtOutcome {
    /// Records the LLR after `games` finished games; true when this call takes the decision.
    fn record(&mut self, sprt: &Sprt, llr: f64, games: u64) -> bool {
        self.final_llr = llr;
        if self.decided_at.is_some() {
            return false;
        }
        self.state = sprt.state(llr);
        self.llr = llr;
        if self.state == SprtState::Continue {
            return false;
        }
        self.decided_at = Some(games);
        true
    }
}

/// How the match ended.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    pub names: [String; 2],
    pub tally: Tally,
    /// The SPRT's outcome, if an SPRT ran.
    pub sprt: Option<SprtOutcome>,
    /// Results by reason, e.g. "time loss" → count, for the summary.
    pub reasons: Vec<(String, usize)>,
    /// Games left unfinished because the user stopped the match (Ctrl-C); 0 otherwise. They
    /// are not in the tally.
    pub unfinished: usize,
    /// Did the user stop the match (Ctrl-C)?
    pub interrupted: bool,
    /// Each engine's thinking time (A, B) over the moves of every recorded game.
    pub time: [MoveTimes; 2],
}

/// One engine's move times, as the runner measured them (from the command sent to the answer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes {
    pub moves: u64,
    pub total_ms: u64,
    pub longest_ms: u64,
    /// Moves that took longer than the turn limit (within the tolerance, else the game was lost
    /// on time); 0 when there is no turn limit.
    pub over_turn: u64,
}

impl MoveTimes {
    fn add(&mut self, ms: u64, turn_ms: u64) {
        self.moves += 1;
        self.total_ms += ms;
        self.longest_ms = self.longest_ms.max(ms);
        if turn_ms > 0 && ms > turn_ms {
            self.over_turn += 1;
        }
    }

    /// Adds the moves of one game: `a_black` says which engine played black; the moves after
    /// the opening alternate from the side to move after it.
    pub fn add_game(times: &mut [MoveTimes; 2], rec: &GameRecord, a_black: bool, turn_ms: u64) {
        let black_first = rec.opening.len().is_multiple_of(2);
        for (k, &(_, ms)) in rec.moves.iter().enumerate() {
            let black = black_first == k.is_multiple_of(2);
            let engine = if black == a_black { 0 } else { 1 };
            times[engine].add(ms, turn_ms);
        }
    }

    /// `957 moves, mean 353 ms (71% of the turn), longest 471 ms, 0 over the turn limit` (the
    /// share and the count only under a turn limit).
    fn describe(&self, turn_ms: u64) -> String {
        if self.moves == 0 {
            return "no moves".to_string();
        }
        let mean = self.total_ms as f64 / self.moves as f64;
        let mut t = format!("{} moves, mean {mean:.0} ms", self.moves);
        if turn_ms > 0 {
            t.push_str(&format!(" ({:.0}% of the turn)", 100.0 * mean / turn_ms as f64));
        }
        t.push_str(&format!(", longest {} ms", self.longest_ms));
        if turn_ms > 0 {
            t.push_str(&format!(", {} over the turn limit", self.over_turn));
        }
        t
    }
}

impl MatchSummary {
    /// The last line the runner prints: `A vs B: W-L-D score% elo ±interval`.
    pub fn line(&self) -> String {
        let t = &self.tally;
        // `+ 0.0` turns an Elo of -0 into 0 for printing.
        let (elo, err) = t.elo().map_or((f64::NAN, f64::NAN), |e| (e.elo + 0.0, e.error()));
        format!(
            "{} vs {}: {}-{}-{} {:.1}% {:+.1} ±{:.1}",
            self.names[0],
            self.names[1],
            t.wins,
            t.losses,
            t.draws,
            100.0 * t.score(),
            elo,
            err
        )
    }
}

/// Game `g` (0-based): which opening, and is A black? Games 2k and 2k+1 share an opening with
/// colours swapped.
pub fn schedule(g: usize, openings: usize) -> (Option<usize>, bool) {
    let opening = if openings == 0 { None } else { Some((g / 2) % openings) };
    (opening, g.is_multiple_of(2))
}

/// The opening seed of game `g` (0-based): the same for both games of a pair, never 0.
pub fn opening_seed(match_seed: u64, g: usize) -> u64 {
    crate::opening::balance::mix(match_seed.wrapping_mul(1_000_003).wrapping_add((g / 2) as u64)) | 1
}

/// A safe file-name piece from an engine name.
fn file_safe(name: &str) -> String {
    let s: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '.' { c } else { '_' }).collect();
    if s.is_empty() { "engine".into() } else { s }
}

/// Starts an engine once to read its name from ABOUT (the program's stem if it gives none).
fn probe_name(spec: &EngineSpec, log: &Path, timeout: Duration) -> Result<String, String> {
    let mut e = Engine::spawn(spec, open_log(log)?)?;
    let r = e.query_about(timeout);
    let name = e.name();
    e.quit(Duration::from_millis(1000));
    r.map_err(|why| format!("engine {:?} failed at ABOUT: {why}", spec.command))?;
    Ok(name.unwrap_or_else(|| spec.stem()))
}

/// Per-opening results, from A's side.
#[derive(Clone, Debug, Default)]
struct OpeningRow {
    tally: Tally,
    results: Vec<String>,
}

struct Finished {
    game: usize,
    a_black: bool,
    opening: Option<usize>,
    record: GameRecord,
    /// The opening phase's transcript (under an opening rule).
    transcript: Vec<String>,
}

/// A's score in half points (0 loss, 1 draw, 2 win).
fn a_half_points(rec: &GameRecord, a_black: bool) -> u8 {
    let a = if a_black { Color::Black } else { Color::White };
    match rec.winner {
        None => 1,
        Some(c) if c == a => 2,
        Some(_) => 0,
    }
}

/// Runs the match, printing progress to `out`; returns the summary (also written to
/// `summary.txt`). Errors only for set-up problems (engines that do not start, an unusable
/// output folder); engine misbehaviour during games is adjudicated, never an error.
pub fn run_match(cfg: &MatchConfig, out: &mut dyn Write) -> Result<MatchSummary, String> {
    let dir = &cfg.out_dir;
    let results_path = dir.join("results.tsv");
    if results_path.exists() {
        return Err(format!("{} already holds a match; choose a new --out folder", dir.display()));
    }
    for sub in ["games", "logs"] {
        fs::create_dir_all(dir.join(sub)).map_err(|e| format!("{}: {e}", dir.join(sub).display()))?;
    }
    let s = &cfg.settings;

    // Names from ABOUT; the same name twice is told apart by a suffix.
    let mut names = [String::new(), String::new()];
    for (i, (name, spec)) in names.iter_mut().zip(&cfg.engines).enumerate() {
        let log = dir.join("logs").join(format!("engine{}-probe.log", i + 1));
        let about = probe_name(spec, &log, s.start_timeout)?;
        // Tabs and line breaks would break results.tsv and the records.
        *name = cfg.names[i].clone().unwrap_or(about).replace(['\t', '\n', '\r'], " ");
    }
    if names[0] == names[1] {
        names[0].push_str(" #1");
        names[1].push_str(" #2");
    }

    let mut results = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&results_path)
        .map_err(|e| format!("{}: {e}", results_path.display()))?;
    writeln!(results, "game\topening\tblack\twhite\tresult\tA_points\tplies\treason").map_err(|e| e.to_string())?;

    let stop = Arc::new(AtomicBool::new(false));
    let next = Arc::new(AtomicUsize::new(0));
    // A rendezvous channel: a worker waits until its result is taken, so after the SPRT stops
    // the match no worker is more than one game ahead.
    let (tx, rx) = mpsc::sync_channel::<Finished>(0);
    let mut workers = Vec::new();
    for w in 0..cfg.concurrency.max(1) {
        let (stop, next, tx) = (stop.clone(), next.clone(), tx.clone());
        let cfg = cfg.clone();
        let names = names.clone();
        let logs = dir.join("logs");
        let handle = thread::Builder::new()
            .name(format!("match-worker-{w}"))
            .spawn(move || -> Result<(), String> {
                let mut players: Vec<Player> = Vec::new();
                for i in 0..2 {
                    let log = open_log(&logs.join(format!("{}-{}.w{w}.log", ["A", "B"][i], file_safe(&names[i]))))?;
                    let mut p = Player::new(cfg.engines[i].clone(), names[i].clone(), log);
                    p.strict = cfg.strict;
                    players.push(p);
                }
                let (pa, pb) = players.split_at_mut(1);
                let (a, b) = (&mut pa[0], &mut pb[0]);
                while !stop.load(Ordering::SeqCst) && !interrupt::requested() {
                    let g = next.fetch_add(1, Ordering::SeqCst);
                    if g >= cfg.games {
                        break;
                    }
                    let tag = format!("game {}", g + 1);
                    let (opening, a_black, record, transcript) = if let Some(rule) = cfg.opening_rule {
                        let o = OpeningSettings { rule, ms: cfg.opening_ms, seed: opening_seed(cfg.seed, g) };
                        let a_first = g.is_multiple_of(2);
                        let (rec, first_black, t) = if a_first {
                            play_game_opening(a, b, &cfg.settings, &o, &tag)
                        } else {
                            play_game_opening(b, a, &cfg.settings, &o, &tag)
                        };
                        (None, a_first == first_black, rec, t)
                    } else {
                        let (opening, a_black) = schedule(g, cfg.openings.len());
                        let moves = opening.map(|i| cfg.openings[i].moves.clone()).unwrap_or_default();
                        let record = if a_black {
                            play_game(a, b, &cfg.settings, &moves, &tag)
                        } else {
                            play_game(b, a, &cfg.settings, &moves, &tag)
                        };
                        (opening, a_black, record, Vec::new())
                    };
                    if tx.send(Finished { game: g, a_black, opening, record, transcript }).is_err() {
                        break;
                    }
                }
                a.shutdown();
                b.shutdown();
                Ok(())
            })
            .map_err(|e| format!("cannot start a worker: {e}"))?;
        workers.push(handle);
    }
    drop(tx);

    let mut tally = Tally::default();
    let mut pending_pairs: HashMap<usize, u8> = HashMap::new();
    let mut rows: Vec<OpeningRow> = vec![OpeningRow::default(); cfg.openings.len().max(1)];
    let mut reasons: Vec<(String, usize)> = Vec::new();
    let mut sprt_result =
        cfg.sprt.map(|_| SprtOutcome { state: SprtState::Continue, llr: 0.0, decided_at: None, final_llr: 0.0 });
    let started = Instant::now();
    let event = format!("{} vs {}", names[0], names[1]);
    let mut unfinished = 0;
    let mut time = [MoveTimes::default(); 2];

    for fin in rx {
        let rec = &fin.record;
        MoveTimes::add_game(&mut time, rec, fin.a_black, cfg.settings.time.turn_ms);
        let done = rec.termination != Termination::Unfinished;
        let hp = a_half_points(rec, fin.a_black);
        let label = match (cfg.opening_rule, fin.opening) {
            (Some(rule), _) => format!("{rule} {}", format_move_string(&rec.opening)),
            (None, Some(i)) => cfg.openings[i].label.clone(),
            (None, None) => "empty board".to_string(),
        };
        // The result first: appended and flushed before anything else can go wrong.
        let _ = writeln!(
            results,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            fin.game + 1,
            label,
            rec.black,
            rec.white,
            rec.result_string(),
            if done { (hp as f64 / 2.0).to_string() } else { "-".to_string() },
            rec.opening.len() + rec.moves.len(),
            rec.termination
        );
        let _ = results.flush();
        let stem = dir.join("games").join(format!("game{:05}", fin.game + 1));
        let _ = fs::write(stem.with_extension("sgf"), rec.to_sgf(&event));
        let _ = fs::write(stem.with_extension("psq"), rec.to_psq());
        if !fin.transcript.is_empty() {
            let _ = fs::write(stem.with_extension("opening.txt"), fin.transcript.join("\n") + "\n");
        }

        if !done {
            // recorded above, never scored
            unfinished += 1;
            let _ = writeln!(out, "game {} unfinished ({} moves played)", fin.game + 1, rec.moves.len());
            continue;
        }
        tally.add_game(hp);
        if let Some(other) = pending_pairs.remove(&(fin.game / 2)) {
            tally.add_pair(other + hp);
        } else {
            pending_pairs.insert(fin.game / 2, hp);
        }
        let row = &mut rows[fin.opening.unwrap_or(0)];
        row.tally.add_game(hp);
        row.results.push(format!(
            "g{}:{}{}",
            fin.game + 1,
            if fin.a_black { "A-black " } else { "A-white " },
            rec.result_string()
        ));
        let class = rec.termination.class().to_string();
        match reasons.iter_mut().find(|(r, _)| *r == class) {
            Some((_, n)) => *n += 1,
            None => reasons.push((class, 1)),
        }
        let _ = write_opening_table(&dir.join("openings.tsv"), cfg, &rows);

        // Progress.
        let mut line = format!(
            "[{}/{}] {} ",
            tally.games(),
            cfg.games,
            MatchSummary {
                names: names.clone(),
                tally,
                sprt: None,
                reasons: Vec::new(),
                unfinished: 0,
                interrupted: false,
                time: [MoveTimes::default(); 2],
            }
            .line()
        );
        if let (Some(sprt), Some(st)) = (cfg.sprt, sprt_result.as_mut()) {
            let llr = tally.llr(sprt.elo0, sprt.elo1);
            let (lo, hi) = sprt.bounds();
            line.push_str(&format!(" LLR {llr:.2} [{lo:.2}, {hi:.2}]"));
            if st.record(&sprt, llr, tally.games()) && !stop.swap(true, Ordering::SeqCst) {
                line.push_str(" (SPRT decided; finishing games in progress)");
            }
        }
        if cfg.tty {
            let _ = write!(out, "\r{line}\x1b[K");
        } else {
            let _ = writeln!(
                out,
                "{} | game {} {} ({})",
                line.trim_end(),
                fin.game + 1,
                rec.result_string(),
                rec.termination
            );
        }
        let _ = out.flush();
    }
    if cfg.tty {
        let _ = writeln!(out);
    }
    for w in workers {
        match w.join() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e),
            Err(_) => return Err("a match worker panicked".into()),
        }
    }

    let interrupted = interrupt::requested();
    let summary = MatchSummary { names, tally, sprt: sprt_result, reasons, unfinished, interrupted, time };
    let text = summary_text(&summary, cfg, started.elapsed());
    let _ = fs::write(dir.join("summary.txt"), &text);
    let _ = write!(out, "{text}");
    let _ = out.flush();
    Ok(summary)
}

/// The closing block; its last line is [`MatchSummary::line`].
fn summary_text(s: &MatchSummary, cfg: &MatchConfig, took: Duration) -> String {
    let mut t = String::new();
    let st = &cfg.settings;
    t.push_str(&format!(
        "rule {}{} size {} turn {} ms match {} ms tolerance {} ms, {} games in {:.1} s, records in {}\n",
        st.rule.name(),
        cfg.opening_rule.map_or(String::new(), |r| format!(" opening {r} ({} ms a decision)", cfg.opening_ms)),
        st.size,
        st.time.turn_ms,
        st.time.match_ms,
        st.time.tolerance_ms,
        s.tally.games(),
        took.as_secs_f64(),
        cfg.out_dir.display()
    ));
    let reasons: Vec<String> = s.reasons.iter().map(|(r, n)| format!("{r}: {n}")).collect();
    t.push_str(&format!("results by reason: {}\n", reasons.join(", ")));
    for (name, times) in s.names.iter().zip(&s.time) {
        t.push_str(&format!("time {name}: {}\n", times.describe(st.time.turn_ms)));
    }
    if s.interrupted {
        t.push_str(&format!(
            "interrupted: {} game(s) in progress recorded as unfinished (not scored), {} of {} games not played\n",
            s.unfinished,
            cfg.games.saturating_sub(s.tally.games() as usize + s.unfinished),
            cfg.games
        ));
    }
    if let Some(e) = s.tally.elo() {
        t.push_str(&format!("elo {:+.1}, 95% interval [{:+.1}, {:+.1}]", e.elo + 0.0, e.low, e.high));
        if s.tally.pair_count() > 0 {
            let p = s.tally.pairs;
            t.push_str(&format!(", pairs (0,½,1,1½,2 points) {}-{}-{}-{}-{}", p[0], p[1], p[2], p[3], p[4]));
        }
        t.push('\n');
    }
    if let (Some(sprt), Some(o)) = (cfg.sprt, s.sprt) {
        let (lo, hi) = sprt.bounds();
        let llr = o.llr;
        let mut verdict = match o.state {
            SprtState::AcceptH1 => format!("H1 accepted (elo >= {})", sprt.elo1),
            SprtState::AcceptH0 => format!("H0 accepted (elo <= {})", sprt.elo0),
            SprtState::Continue => "no decision".to_string(),
        };
        if let Some(n) = o.decided_at {
            verdict.push_str(&format!(" at game {n}"));
            if s.tally.games() > n {
                verdict.push_str(&format!(
                    "; LLR {:.3} after the {} games in progress then",
                    o.final_llr,
                    s.tally.games() - n
                ));
            }
        }
        t.push_str(&format!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.3} bounds [{lo:.3}, {hi:.3}] {verdict}\n",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        ));
    }
    t.push_str(&s.line());
    t.push('\n');
    t
}

/// Rewrites `openings.tsv`: per opening, A's results.
fn write_opening_table(path: &Path, cfg: &MatchConfig, rows: &[OpeningRow]) -> std::io::Result<()> {
    let mut f = File::create(path)?;
    writeln!(
        f,
        "opening\tmoves\tgames\tA_wins\tA_losses\tdraws\tA_score%\tgames (A colour, result from black's side)"
    )?;
    for (i, r) in rows.iter().enumerate() {
        if r.tally.games() == 0 {
            continue;
        }
        let (label, moves) = match (cfg.opening_rule, cfg.openings.get(i)) {
            (Some(rule), _) => (format!("{rule} (an opening per game, see results.tsv)"), String::new()),
            (None, Some(o)) => (o.label.clone(), format_move_string(&o.moves)),
            (None, None) => ("empty board".to_string(), String::new()),
        };
        writeln!(
            f,
            "{label}\t{moves}\t{}\t{}\t{}\t{}\t{:.1}\t{}",
            r.tally.games(),
            r.tally.wins,
            r.tally.losses,
            r.tally.draws,
            100.0 * r.tally.score(),
            r.results.join(", ")
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_pairs_openings_with_swapped_colours() {
        assert_eq!(schedule(0, 3), (Some(0), true));
        assert_eq!(schedule(1, 3), (Some(0), false));
        assert_eq!(schedule(2, 3), (Some(1), true));
        assert_eq!(schedule(6, 3), (Some(0), true));
        assert_eq!(schedule(5, 0), (None, false));
    }

    #[test]
    fn move_times_go_to_the_engine_that_played_them() {
        use crate::core::{Pos, Rule};
        let p = |x| Pos::new(x, 0);
        // three opening stones: white moves first after them
        let rec = GameRecord {
            size: 15,
            rule: Rule::Freestyle,
            black: "B".into(),
            white: "A".into(),
            opening: vec![p(0), p(1), p(2)],
            moves: vec![(p(3), 480), (p(4), 100), (p(5), 510), (p(6), 0)],
            winner: None,
            termination: Termination::Five,
        };
        let mut t = [MoveTimes::default(); 2];
        MoveTimes::add_game(&mut t, &rec, false, 500);
        assert_eq!(t[0], MoveTimes { moves: 2, total_ms: 990, longest_ms: 510, over_turn: 1 });
        assert_eq!(t[1], MoveTimes { moves: 2, total_ms: 100, longest_ms: 100, over_turn: 0 });
        // the same game with A as black: the roles swap
        let mut u = [MoveTimes::default(); 2];
        MoveTimes::add_game(&mut u, &rec, true, 500);
        assert_eq!(u, [t[1], t[0]]);
        assert_eq!(t[0].describe(500), "2 moves, mean 495 ms (99% of the turn), longest 510 ms, 1 over the turn limit");
        assert_eq!(t[1].describe(0), "2 moves, mean 50 ms, longest 100 ms");
        assert_eq!(MoveTimes::default().describe(500), "no moves");
    }

    #[test]
    fn sprt_decision_stands_after_the_games_in_progress() {
        let sprt = Sprt::parse("0,50,0.05,0.05").unwrap();
        let (lo, hi) = sprt.bounds();
        let mut o = SprtOutcome { state: SprtState::Continue, llr: 0.0, decided_at: None, final_llr: 0.0 };
        assert!(!o.record(&sprt, hi - 0.5, 57));
        assert_eq!(o.state, SprtState::Continue);
        assert!(o.record(&sprt, hi + 0.05, 59), "the crossing takes the decision");
        // A game that was in progress pulls the LLR back inside the bounds: the decision stays.
        assert!(!o.record(&sprt, hi - 0.8, 60));
        assert_eq!(o.state, SprtState::AcceptH1);
        assert_eq!(o.decided_at, Some(59));
        assert!((o.llr - (hi + 0.05)).abs() < 1e-9);
        assert!((o.final_llr - (hi - 0.8)).abs() < 1e-9);
        let mut h0 = SprtOutcome { state: SprtState::Continue, llr: 0.0, decided_at: None, final_llr: 0.0 };
        assert!(h0.record(&sprt, lo - 0.1, 30));
        assert_eq!(h0.state, SprtState::AcceptH0);
    }
}
