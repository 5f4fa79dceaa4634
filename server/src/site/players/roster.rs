//! A class in one command: `arena admin import-users roster.csv` reads a roster (one student a
//! line: user name, e-mail or student id, optional admin flag) and creates the accounts, each
//! with a one-time invitation link (`players::invitations`) that the teacher hands out; no
//! password is made up, printed or stored.
//!
//! All or nothing: every row is checked first and a roster with a bad row creates nothing, and
//! says which lines are wrong and why; the accounts are created in one transaction. Names that
//! already have an account are left as they are, so that running the command again with a longer
//! roster adds only the new students.
//!
//! The CSV is read with the `csv` crate (quoting, a UTF-8 BOM from spreadsheets, line numbers).

use super::accounts::check_username;
use super::invitations;
use chrono::{DateTime, Utc};
use sqlx::PgPool;
use std::collections::HashMap;

/// The largest roster accepted (a typo guard: a term is hundreds, not tens of thousands).
pub const MAX_ROWS: usize = 10_000;
pub const MAX_CONTACT_CHARS: usize = 254;

/// How a student is known outside the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contact {
    Email(String),
    StudentId(String),
}

impl Contact {
    pub fn as_str(&self) -> &str {
        match self {
            Contact::Email(s) | Contact::StudentId(s) => s,
        }
    }
}

/// A checked row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterRow {
    /// 1-based line in the file.
    pub line: u64,
    pub username: String,
    pub contact: Contact,
    pub is_admin: bool,
}

/// Why a roster is refused (nothing is created).
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    #[error("{}", bad_rows_message(.0))]
    BadRows(Vec<(u64, String)>),
    #[error("the roster has {0} rows; at most {MAX_ROWS} are accepted")]
    TooLong(usize),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

fn bad_rows_message(rows: &[(u64, String)]) -> String {
    let mut s = format!(
        "{} bad row{} in the roster, so no account was created (expected: user name, e-mail or student id, optional admin flag):",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" }
    );
    for (line, why) in rows.iter().take(50) {
        s.push_str(&format!("\n  line {line}: {why}"));
    }
    if rows.len() > 50 {
        s.push_str(&format!("\n  ... and {} more", rows.len() - 50));
    }
    s
}

/// Reads and checks a roster. Blank lines and lines starting with `#` are skipped; a first line
/// whose first field is `username` (or `user`, `name`, `login`) is a header.
pub fn parse(text: &str) -> Result<Vec<RosterRow>, RosterError> {
    let mut reader =
        csv::ReaderBuilder::new().has_headers(false).flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let mut rows = Vec::new();
    let mut bad = Vec::new();
    let mut seen: HashMap<String, u64> = HashMap::new();
    for (i, record) in reader.records().enumerate() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| line_at(text, p.byte()));
                bad.push((line, format!("not valid CSV ({e})")));
                continue;
            }
        };
        // From the byte offset: the reader's own line count skips blank lines.
        let line = record.position().map_or(i as u64 + 1, |p| line_at(text, p.byte()));
        let fields: Vec<&str> = record.iter().collect();
        // Blank lines and comments (not the reader's own comment option: its line numbers skip
        // the comment lines).
        if fields.iter().all(|f| f.is_empty()) || fields[0].starts_with('#') {
            continue;
        }
        let first = fields[0].trim_start_matches('\u{feff}');
        if rows.is_empty()
            && bad.is_empty()
            && ["username", "user", "name", "login"].contains(&first.to_lowercase().as_str())
        {
            continue;
        }
        match check_row(line, first, &fields[1..]) {
            Ok(row) => match seen.get(&row.username.to_lowercase()) {
                Some(earlier) => {
                    bad.push((line, format!("the user name {:?} is already on line {earlier}", row.username)))
                }
                None => {
                    seen.insert(row.username.to_lowercase(), line);
                    rows.push(row);
                }
            },
            Err(why) => bad.push((line, why)),
        }
    }
    if !bad.is_empty() {
        return Err(RosterError::BadRows(bad));
    }
    if rows.len() > MAX_ROWS {
        return Err(RosterError::TooLong(rows.len()));
    }
    Ok(rows)
}

/// The 1-based line of the record starting at byte `offset` in `text` (the reader's offset may
/// be that of blank lines before it).
fn line_at(text: &str, offset: u64) -> u64 {
    let bytes = text.as_bytes();
    let mut end = (offset as usize).min(bytes.len());
    while end < bytes.len() && matches!(bytes[end], b'\n' | b'\r') {
        end += 1;
    }
    bytes[..end].iter().filter(|&&b| b == b'\n').count() as u64 + 1
}

fn check_row(line: u64, username: &str, rest: &[&str]) -> Result<RosterRow, String> {
    if rest.len() > 2 {
        return Err(format!("{} fields; a row has 2 or 3", rest.len() + 1));
    }
    check_username(username).map_err(|e| format!("{username:?}: {e}"))?;
    let contact = rest.first().copied().unwrap_or("");
    let contact = check_contact(contact)?;
    let is_admin = match rest.get(1).map(|s| s.to_lowercase()).as_deref() {
        None | Some("" | "no" | "false" | "0" | "student") => false,
        Some("admin" | "yes" | "true" | "1") => true,
        Some(other) => {
            return Err(format!("the admin flag is {other:?}; use admin, yes, true or 1 (or leave it empty)"))
        }
    };
    Ok(RosterRow { line, username: username.to_string(), contact, is_admin })
}

fn check_contact(text: &str) -> Result<Contact, String> {
    if text.is_empty() {
        return Err("no e-mail or student id (the second field)".into());
    }
    if text.chars().count() > MAX_CONTACT_CHARS {
        return Err(format!("the e-mail or student id is longer than {MAX_CONTACT_CHARS} characters"));
    }
    if text.contains('@') {
        let ok = match text.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains('@')
                    && !text.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, ',' | '"' | '<' | '>'))
            }
            None => false,
        };
        return if ok {
            Ok(Contact::Email(text.to_string()))
        } else {
            Err(format!("{text:?} is not an e-mail address"))
        };
    }
    if text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')) {
        Ok(Contact::StudentId(text.to_string()))
    } else {
        Err(format!("{text:?} is neither an e-mail address nor a student id (letters, digits, - _ .)"))
    }
}

/// An account created by an import, with its one-time link's token.
#[derive(Clone, Debug)]
pub struct Invited {
    pub user_id: i64,
    pub username: String,
    pub contact: String,
    pub is_admin: bool,
    /// The invitation's token (the link is `invitations::path(token)` on the site).
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// What an import did.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    pub created: Vec<Invited>,
    /// Names that already had an account (left as they are).
    pub existing: Vec<String>,
}

/// Creates the accounts of `rows` that do not exist yet, each with an invitation valid for
/// `valid_days`, in one transaction.
pub async fn import(pool: &PgPool, rows: &[RosterRow], valid_days: u32) -> Result<Imported, RosterError> {
    let mut tx = pool.begin().await?;
    let mut imported = Imported::default();
    for row in rows {
        let (email, student_id) = match &row.contact {
            Contact::Email(e) => (Some(e.as_str()), None),
            Contact::StudentId(s) => (None, Some(s.as_str())),
        };
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO users (username, password_hash, is_admin, email, student_id) VALUES ($1, '!', $2, $3, $4)
             ON CONFLICT ((lower(username))) DO NOTHING RETURNING id",
        )
        .bind(&row.username)
        .bind(row.is_admin)
        .bind(email)
        .bind(student_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(user_id) = id else {
            imported.existing.push(row.username.clone());
            continue;
        };
        let (token, expires_at) = invitations::create(&mut tx, user_id, valid_days).await?;
        imported.created.push(Invited {
            user_id,
            username: row.username.clone(),
            contact: row.contact.as_str().to_string(),
            is_admin: row.is_admin,
            token,
            expires_at,
        });
    }
    tx.commit().await?;
    Ok(imported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_header_comments_and_flags() {
        let text = "\u{feff}username,email,admin\n# the lab group\nana,ana@uni.edu\n\n\"bo-b\", 1234567X , yes\n";
        let rows = parse(text).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].contact, Contact::Email("ana@uni.edu".into()));
        assert_eq!((rows[0].line, rows[0].is_admin), (3, false));
        assert_eq!(rows[1].username, "bo-b");
        assert_eq!(rows[1].contact, Contact::StudentId("1234567X".into()));
        assert_eq!((rows[1].line, rows[1].is_admin), (5, true));
    }

    #[test]
    fn bad_rows_are_named_by_their_line() {
        let text = "ana,ana@uni.edu\nb,b@uni.edu\ncarla,\ndan,dan@uni.edu,maybe\nANA,x@uni.edu\neve,eve@,admin\n";
        let Err(RosterError::BadRows(bad)) = parse(text) else { panic!("refused") };
        let lines: Vec<u64> = bad.iter().map(|b| b.0).collect();
        assert_eq!(lines, [2, 3, 4, 5, 6], "{bad:?}");
        assert!(bad[0].1.contains("3 to 24"), "{}", bad[0].1);
        assert!(bad[3].1.contains("already on line 1"), "{}", bad[3].1);
        let message = RosterError::BadRows(bad).to_string();
        assert!(message.starts_with("5 bad rows in the roster, so no account was created"), "{message}");
        assert!(message.contains("\n  line 4: the admin flag is \"maybe\""), "{message}");
    }
}
