//! [`BigCount`]: a non-negative integer of any size, for counts of
//! solutions beyond `u128` (the domino tilings of an 18×18 board are
//! about 5.5 · 10^38, past `u128::MAX`).
//!
//! Only what the diagram needs: sums and differences of counts,
//! comparison, decimal text both ways, and a uniform draw below a bound.
//! Little-endian `u64` limbs; invariant: the last limb is not 0 (zero has
//! no limbs), so equal numbers have equal limbs.

use rand::Rng;
use std::cmp::Ordering;
use std::fmt;

/// A count of solutions, exact at any size.
///
/// ```
/// use exactcover::cover::BigCount;
///
/// let big: BigCount = "340282366920938463463374607431768211456".parse()?; // 2^128
/// assert_eq!(big.to_u128(), None);
/// assert_eq!(BigCount::from(7u64).to_u128(), Some(7));
/// assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BigCount {
    limbs: Vec<u64>,
}

impl BigCount {
    /// Zero.
    pub fn zero() -> BigCount {
        BigCount::default()
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value, if it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs[..] {
            [] => Some(0),
            [a] => Some(u128::from(a)),
            [a, b] => Some(u128::from(b) << 64 | u128::from(a)),
            _ => None,
        }
    }

    /// An approximation as an `f64`.
    pub fn to_f64(&self) -> f64 {
        self.limbs.iter().rev().fold(0.0, |acc, &l| acc * 18_446_744_073_709_551_616.0 + l as f64)
    }

    fn trim(mut self) -> BigCount {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        self
    }

    /// `self + other`.
    /// The bytes this number holds, itself included.
    pub(crate) fn bytes(&self) -> u64 {
        (std::mem::size_of::<BigCount>() + self.limbs.capacity() * 8) as u64
    }

    pub(crate) fn add(&self, other: &BigCount) -> BigCount {
        let (long, short) = if self.limbs.len() >= other.limbs.len() { (self, other) } else { (other, self) };
        let mut limbs = Vec::with_capacity(long.limbs.len() + 1);
        let mut carry = false;
        for (k, &a) in long.limbs.iter().enumerate() {
            let b = short.limbs.get(k).copied().unwrap_or(0);
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            limbs.push(s);
            carry = c1 || c2;
        }
        if carry {
            limbs.push(1);
        }
        BigCount { limbs }
    }

    /// `self - other`; `other` must not be larger.
    pub(crate) fn sub(&self, other: &BigCount) -> BigCount {
        debug_assert!(*self >= *other);
        let mut limbs = Vec::with_capacity(self.limbs.len());
        let mut borrow = false;
        for (k, &a) in self.limbs.iter().enumerate() {
            let b = other.limbs.get(k).copied().unwrap_or(0);
            let (d, b1) = a.overflowing_sub(b);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            limbs.push(d);
            borrow = b1 || b2;
        }
        BigCount { limbs }.trim()
    }

    /// `self * m + a`.
    fn mul_add_small(&self, m: u64, a: u64) -> BigCount {
        let mut limbs = Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = u128::from(a);
        for &l in &self.limbs {
            let t = u128::from(l) * u128::from(m) + carry;
            limbs.push(t as u64);
            carry = t >> 64;
        }
        if carry != 0 {
            limbs.push(carry as u64);
        }
        BigCount { limbs }.trim()
    }

    /// `(self / d, self % d)` for a small `d > 0`.
    fn div_rem_small(&self, d: u64) -> (BigCount, u64) {
        let mut limbs = vec![0; self.limbs.len()];
        let mut rem = 0u128;
        for k in (0..self.limbs.len()).rev() {
            let t = rem << 64 | u128::from(self.limbs[k]);
            limbs[k] = (t / u128::from(d)) as u64;
            rem = t % u128::from(d);
        }
        (BigCount { limbs }.trim(), rem as u64)
    }

    /// A uniform draw from `0..self` (`self` > 0), by rejection: draw as
    /// many bits as `self - 1` has until the number falls below `self`
    /// (at most two draws on average).
    pub(crate) fn random_below(&self, rng: &mut impl Rng) -> BigCount {
        assert!(!self.is_zero(), "no number lies below 0");
        let top = self.limbs.len() - 1;
        let high = self.limbs[top];
        let mask = if high == u64::MAX { u64::MAX } else { (high + 1).next_power_of_two().wrapping_sub(1) };
        loop {
            let mut limbs: Vec<u64> = (0..=top).map(|_| rng.next_u64()).collect();
            limbs[top] &= mask;
            let draw = BigCount { limbs }.trim();
            if draw < *self {
                return draw;
            }
        }
    }
}

impl From<u128> for BigCount {
    fn from(v: u128) -> BigCount {
        BigCount { limbs: vec![v as u64, (v >> 64) as u64] }.trim()
    }
}

impl From<u64> for BigCount {
    fn from(v: u64) -> BigCount {
        BigCount::from(u128::from(v))
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &BigCount) -> Ordering {
        self.limbs.len().cmp(&other.limbs.len()).then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &BigCount) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Decimal digits.
impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = self.to_u128() {
            return fmt::Display::fmt(&v, f);
        }
        // Nineteen digits at a time, last group first.
        const TEN19: u64 = 10_000_000_000_000_000_000;
        let mut groups = Vec::new();
        let mut rest = self.clone();
        while !rest.is_zero() {
            let (q, r) = rest.div_rem_small(TEN19);
            groups.push(r);
            rest = q;
        }
        let mut text = groups.pop().map_or_else(|| "0".to_string(), |g| g.to_string());
        for g in groups.iter().rev() {
            text.push_str(&format!("{g:019}"));
        }
        f.pad(&text)
    }
}

/// Reads decimal digits (`_` allowed between them, as in Rust literals).
impl std::str::FromStr for BigCount {
    type Err = String;

    fn from_str(text: &str) -> Result<BigCount, String> {
        let digits = text.trim();
        if digits.is_empty() || digits.starts_with('_') || !digits.chars().all(|c| c.is_ascii_digit() || c == '_') {
            return Err(format!("`{text}` is not a non-negative decimal number"));
        }
        Ok(digits
            .bytes()
            .filter(u8::is_ascii_digit)
            .fold(BigCount::zero(), |n, d| n.mul_add_small(10, u64::from(d - b'0'))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn arithmetic_agrees_with_u128_and_goes_past_it() {
        let a = BigCount::from(u128::MAX);
        let one = BigCount::from(1u64);
        let b = a.add(&one);
        assert_eq!(b.to_u128(), None);
        assert_eq!(b.to_string(), "340282366920938463463374607431768211456");
        assert_eq!(b.sub(&one), a);
        assert_eq!(b.sub(&b), BigCount::zero());
        assert!(a < b && one < a && BigCount::zero() < one);
        let parsed: BigCount = "1_000_000_000_000_000_000_000_000_000_000_000_000_000".parse().unwrap();
        assert_eq!(parsed.to_string(), format!("1{}", "0".repeat(39)));
        assert_eq!(BigCount::zero().to_string(), "0");
        assert!("-1".parse::<BigCount>().is_err() && "".parse::<BigCount>().is_err());
        assert!((b.to_f64() - 2f64.powi(128)).abs() < 1e24);
    }

    #[test]
    fn draws_stay_below_the_bound_and_reach_its_top() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let bound = BigCount::from(3u64);
        let mut seen = [0; 3];
        for _ in 0..3000 {
            seen[bound.random_below(&mut rng).to_u128().unwrap() as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 900), "{seen:?}");
        let huge: BigCount = "1000000000000000000000000000000000000000000".parse().unwrap();
        assert!((0..100).all(|_| huge.random_below(&mut rng) < huge));
    }
}
