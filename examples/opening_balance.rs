//! How balanced are the openings the opening module produces? `opening_balance RULE COUNT
//! [MS] [NODES] [GAME_RULE]` walks RULE (any opening rule's name) COUNT times between two
//! copies of our own decisions (seeds 1..=COUNT, MS per decision) and evaluates the positions
//! after 3 stones, after 5 and (Lianhuan) after 6 when the walk gets there with a longer search
//! (NODES, default 300000, plus a VCF probe). GAME_RULE (a `--rule` name or number) defaults to
//! standard for swap1, swap2, swap5 and lianhuan and renju for the others. Prints one line per
//! opening and the distribution of the values (for black, centi-stones; mates are ±30000).

use gorin::core::{Color, Rule, WIN_MIN, format_move_string};
use gorin::game::Game;
use gorin::opening::rif::{AutoPlayer, OpeningRule, walk};
use gorin::opening::{BalanceLimits, Decider, Evaluator};

fn summary(rule: OpeningRule, stones: usize, values: &mut [i32]) {
    if values.is_empty() {
        return;
    }
    values.sort();
    let n = values.len();
    let mates = values.iter().filter(|v| v.abs() >= WIN_MIN).count();
    let plain: Vec<i32> = values.iter().copied().filter(|v| v.abs() < WIN_MIN).collect();
    let mean = plain.iter().map(|&v| v as f64).sum::<f64>() / plain.len().max(1) as f64;
    let mean_abs = plain.iter().map(|&v| v.abs() as f64).sum::<f64>() / plain.len().max(1) as f64;
    let within = |t: i32| values.iter().filter(|v| v.abs() <= t).count();
    println!(
        "{rule} after {stones} stones: {n} positions, black value min {} median {} max {}, mean {mean:.1}, mean |v| {mean_abs:.1} (without mates), |v|<=25: {}, |v|<=50: {}, |v|<=100: {}, |v|<=200: {}, forced wins: {mates}",
        values[0],
        values[n / 2],
        values[n - 1],
        within(25),
        within(50),
        within(100),
        within(200)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rule = OpeningRule::parse(args.get(1).map_or("swap2", |s| s.as_str())).expect("rule");
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let ms: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let nodes: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(300_000);
    let game_rule = match args.get(5) {
        Some(r) => Rule::parse_name(r).expect("game rule"),
        None if rule.any_game_rule() => Rule::Standard,
        None => Rule::Renju,
    };
    let mut judge = Evaluator::new(BalanceLimits { nodes, vcf_nodes: nodes, ..BalanceLimits::default() });
    let (mut at3, mut at5, mut at6) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 1..=count {
        let make =
            || AutoPlayer::new(Decider::new(BalanceLimits { seed, ..BalanceLimits::for_time(ms) }), 15, 15, game_rule);
        let (mut a, mut b) = (make(), make());
        let r = walk(rule, 15, 15, game_rule, &mut [&mut a, &mut b]).expect("our own walk is legal");
        let mut line = format!("{rule}\tseed {seed}\t{}", format_move_string(&r.moves));
        for (k, store) in [(3, &mut at3), (5, &mut at5), (6, &mut at6)] {
            if r.moves.len() >= k {
                let g = Game::from_moves(15, 15, game_rule, &r.moves[..k]).unwrap();
                let v = judge.black_value(&g);
                let side = if g.to_move == Color::Black { "black" } else { "white" };
                line.push_str(&format!("\tafter {k} ({side} to move): {v}"));
                store.push(v);
            }
        }
        line.push_str(&format!("\tblack: player {}", r.black));
        println!("{line}");
    }
    summary(rule, 3, &mut at3);
    summary(rule, 5, &mut at5);
    summary(rule, 6, &mut at6);
}
