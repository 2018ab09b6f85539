package signals

// Wording helpers shared with the brief composer, so a role, an article
// and a list read the same in a signal and in a brief.

// RoleDomain names what an executive in the role usually buys for, e.g.
// "finance systems, spend controls and procurement" for a CFO.
func RoleDomain(role string) string { return roleDomain(role) }

// RoleKey is the role's short key: "ceo", "cfo", "cto", "founder",
// "board", "chair", or the lower-cased role without prefixes such as
// "interim".
func RoleKey(role string) string { return roleKey(role) }

// JoinAnd joins phrases as English: "a", "a and b", "a, b and c".
func JoinAnd(parts []string) string { return joinAnd(parts) }

// Article is "a" or "an" for the phrase that follows it.
func Article(phrase string) string { return article(phrase) }
