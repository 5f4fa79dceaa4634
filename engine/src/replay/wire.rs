//! The replay's primitive encodings: bytes, LEB128 varints, zigzag signed varints, strings.

use super::error::ReplayError;

#[derive(Default, Debug, Clone)]
pub struct Writer {
    buf: Vec<u8>,
}

impl Writer {
    pub fn new() -> Self {
        Writer::default()
    }

    pub fn u8(&mut self, v: u8) {
        self.buf.push(v);
    }

    /// Unsigned LEB128.
    pub fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.buf.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.buf.push(v as u8);
    }

    /// Zigzag then LEB128: small magnitudes of either sign take one byte.
    pub fn signed(&mut self, v: i64) {
        self.varint(((v << 1) ^ (v >> 63)) as u64);
    }

    pub fn bytes(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    /// Length-prefixed UTF-8.
    pub fn str(&mut self, s: &str) {
        self.varint(s.len() as u64);
        self.bytes(s.as_bytes());
    }

    pub fn len(&self) -> usize {
        self.buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    pub fn clear(&mut self) {
        self.buf.clear();
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.buf
    }

    pub fn into_inner(self) -> Vec<u8> {
        self.buf
    }
}

/// Reads what [`Writer`] wrote; every read checks bounds and names what it was reading.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    buf: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Reader { buf, at: 0 }
    }

    fn short(&self, what: &str) -> ReplayError {
        ReplayError::Corrupt(format!("truncated while reading {what} at byte {}", self.at))
    }

    pub fn u8(&mut self, what: &str) -> Result<u8, ReplayError> {
        let v = *self.buf.get(self.at).ok_or_else(|| self.short(what))?;
        self.at += 1;
        Ok(v)
    }

    pub fn varint(&mut self, what: &str) -> Result<u64, ReplayError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.u8(what)?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(ReplayError::Corrupt(format!("overlong number while reading {what}")))
    }

    pub fn signed(&mut self, what: &str) -> Result<i64, ReplayError> {
        let v = self.varint(what)?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// A varint that must be below `limit` (a count or an index).
    pub fn bounded(&mut self, limit: usize, what: &str) -> Result<usize, ReplayError> {
        let v = self.varint(what)?;
        if v >= limit as u64 {
            return Err(ReplayError::Corrupt(format!("{what} is {v}, must be below {limit}")));
        }
        Ok(v as usize)
    }

    pub fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8], ReplayError> {
        if self.buf.len() - self.at < n {
            return Err(self.short(what));
        }
        let s = &self.buf[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }

    pub fn str(&mut self, what: &str) -> Result<String, ReplayError> {
        let n = self.bounded(self.remaining() + 1, what)?;
        let b = self.bytes(n, what)?;
        String::from_utf8(b.to_vec()).map_err(|_| ReplayError::Corrupt(format!("{what} is not UTF-8")))
    }

    pub fn remaining(&self) -> usize {
        self.buf.len() - self.at
    }

    pub fn is_done(&self) -> bool {
        self.at == self.buf.len()
    }

    /// Fails unless everything was read.
    pub fn finish(&self, what: &str) -> Result<(), ReplayError> {
        if self.is_done() {
            Ok(())
        } else {
            Err(ReplayError::Corrupt(format!("{} unexpected bytes after {what}", self.remaining())))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let mut w = Writer::new();
        for v in [0u64, 1, 127, 128, 300, u64::MAX] {
            w.varint(v);
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            w.signed(v);
        }
        w.str("héllo");
        let bytes = w.into_inner();
        let mut r = Reader::new(&bytes);
        for v in [0u64, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(r.varint("v").unwrap(), v);
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            assert_eq!(r.signed("s").unwrap(), v);
        }
        assert_eq!(r.str("s").unwrap(), "héllo");
        r.finish("all").unwrap();
        assert!(r.u8("more").unwrap_err().to_string().contains("truncated while reading more"));
    }
}
