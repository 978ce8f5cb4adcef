//! The pure rules of collections: how a payment is spread over open invoices, how old a balance
//! is, and the receipt number a phone can show before it syncs. No SQL here.

/// An open invoice as allocation sees it: its id and its balance in paise (amount less paid).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Open {
    pub invoice_id: i64,
    pub balance: i64,
}

/// How a payment was spread: `(invoice_id, paise)` in the order taken, and what no invoice took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spread {
    pub allocations: Vec<(i64, i64)>,
    pub unallocated: i64,
}

/// Spreads `amount` paise over `open` in the order given (the caller puts the agent's picked
/// invoices first, then the rest oldest first): each takes up to its balance, never more, so no
/// balance goes below zero; an invoice with nothing open takes nothing; what is left is
/// unallocated. All in whole paise: the allocations and the unallocated rest sum to `amount`.
pub fn allocate(amount: i64, open: &[Open]) -> Spread {
    let mut left = amount.max(0);
    let mut allocations = Vec::new();
    for invoice in open {
        if left == 0 {
            break;
        }
        let take = left.min(invoice.balance.max(0));
        if take > 0 {
            allocations.push((invoice.invoice_id, take));
            left -= take;
        }
    }
    Spread { allocations, unallocated: left }
}

/// The receipt number of the payment `client_id` entered by user `uid`: `R<uid>-<CLIENTID>`,
/// upper-cased. The phone makes its payment clientIds as `<8-char device tag>-<4-digit counter>`,
/// so two phones never make the same one, and a user's uid keeps two users apart: the number is
/// unique to the company, and the phone shows the same string before it syncs.
pub fn receipt_no(uid: i64, client_id: &str) -> String {
    format!("R{uid}-{client_id}").to_uppercase()
}

/// Whole days `today` is past `due` (0 when not yet due). Both are `YYYY-MM-DD`; an unreadable
/// date counts as not overdue.
pub fn days_overdue(due: &str, today: chrono::NaiveDate) -> i64 {
    crate::clock::parse_date(due).map(|d| (today - d).num_days().max(0)).unwrap_or(0)
}

/// The ageing bucket of a balance by its days past the due date: 0 for 0-30 (not yet due too),
/// 1 for 31-60, 2 for 61-90, 3 for more than 90.
pub fn bucket(days_overdue: i64) -> usize {
    match days_overdue {
        ..=30 => 0,
        31..=60 => 1,
        61..=90 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn open(list: &[(i64, i64)]) -> Vec<Open> {
        list.iter().map(|&(invoice_id, balance)| Open { invoice_id, balance }).collect()
    }

    #[test]
    fn oldest_first_partial_exact_and_over_payment() {
        let invoices = open(&[(1, 10_000), (2, 5_050), (3, 2_500)]);
        assert_eq!(allocate(12_000, &invoices), Spread { allocations: vec![(1, 10_000), (2, 2_000)], unallocated: 0 });
        assert_eq!(allocate(17_550, &invoices), Spread { allocations: vec![(1, 10_000), (2, 5_050), (3, 2_500)], unallocated: 0 });
        assert_eq!(allocate(20_001, &invoices), Spread { allocations: vec![(1, 10_000), (2, 5_050), (3, 2_500)], unallocated: 2_451 });
        assert_eq!(allocate(1, &[]), Spread { allocations: vec![], unallocated: 1 });
    }

    #[test]
    fn an_invoice_paid_meanwhile_takes_nothing() {
        let invoices = open(&[(1, 0), (2, 300)]);
        assert_eq!(allocate(500, &invoices), Spread { allocations: vec![(2, 300)], unallocated: 200 });
    }

    #[test]
    fn receipt_numbers_are_the_uid_and_the_client_id_upper_cased() {
        assert_eq!(receipt_no(17, "k3f9qz2m-0012"), "R17-K3F9QZ2M-0012");
        assert_ne!(receipt_no(1, "7-0001"), receipt_no(17, "0001"));
    }

    #[test]
    fn ageing_by_days_past_the_due_date() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 28).unwrap();
        assert_eq!(days_overdue("2026-12-05", today), 0);
        assert_eq!(days_overdue("2026-11-28", today), 0);
        assert_eq!(days_overdue("2026-10-29", today), 30);
        assert_eq!(days_overdue("2026-10-28", today), 31);
        assert_eq!([0, 30, 31, 60, 61, 90, 91].map(bucket), [0, 0, 1, 1, 2, 2, 3]);
    }

    /// A payment of the walk: amount, allocations, unallocated, reversed.
    type Recorded = (i64, Vec<(i64, i64)>, i64, bool);

    /// Thousands of random invoice sets and payments (partial, exact, over, picked, reversed) in
    /// integer paise: payments not reversed = their allocations + their unallocated rests, every
    /// balance stays >= 0 and each invoice's paid = the allocations of payments not reversed.
    #[test]
    fn random_payments_and_reversals_keep_the_books_exact() {
        let mut rng = StdRng::seed_from_u64(38);
        for _round in 0..3_000 {
            let n = rng.gen_range(0..8usize);
            let amounts: Vec<i64> = (0..n).map(|_| rng.gen_range(0..2_000_000)).collect();
            let mut paid = vec![0i64; n];
            let mut payments: Vec<Recorded> = Vec::new();
            for _op in 0..rng.gen_range(1..12) {
                if !payments.is_empty() && rng.gen_bool(0.2) {
                    let k = rng.gen_range(0..payments.len());
                    if !payments[k].3 {
                        payments[k].3 = true;
                        for &(id, a) in &payments[k].1 {
                            paid[id as usize] -= a;
                        }
                    }
                    continue;
                }
                let outstanding: i64 = (0..n).map(|i| amounts[i] - paid[i]).sum();
                let amount = match rng.gen_range(0..4) {
                    0 => outstanding.max(1),
                    1 => outstanding + rng.gen_range(1..100_000),
                    _ => rng.gen_range(1..(outstanding.max(2))),
                };
                let mut order: Vec<usize> = (0..n).collect();
                if rng.gen_bool(0.3) && n > 1 {
                    order.swap(0, n - 1);
                }
                let list: Vec<Open> = order.iter().map(|&i| Open { invoice_id: i as i64, balance: amounts[i] - paid[i] }).collect();
                let spread = allocate(amount, &list);
                for &(id, a) in &spread.allocations {
                    assert!(a > 0);
                    paid[id as usize] += a;
                }
                payments.push((amount, spread.allocations, spread.unallocated, false));
            }
            let live = payments.iter().filter(|p| !p.3);
            let (sum_paid, sum_split): (i64, i64) =
                live.fold((0, 0), |(s, t), p| (s + p.0, t + p.1.iter().map(|a| a.1).sum::<i64>() + p.2));
            assert_eq!(sum_paid, sum_split);
            for i in 0..n {
                assert!(paid[i] >= 0 && paid[i] <= amounts[i], "invoice {i}: paid {} of {}", paid[i], amounts[i]);
                let allocated: i64 =
                    payments.iter().filter(|p| !p.3).flat_map(|p| p.1.iter()).filter(|a| a.0 == i as i64).map(|a| a.1).sum();
                assert_eq!(paid[i], allocated);
            }
        }
    }
}
