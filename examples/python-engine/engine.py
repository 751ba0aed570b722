#!/usr/bin/env python3
"""A conformance-kit engine in Python (standard library only), written from the kit's documents:
docs/protocol.md (the line protocol), spec/lance-list-element-index.md "Key Encoding" (key_encoding),
docs/any-element.md and docs/any-element-grammar.md (any_element).

Run the TCK against it:  ./tck run --engine 'cmd:python3 examples/python-engine/engine.py' \
                              --known-failures examples/python-engine/known-failures.yaml
"""
import base64
import datetime
import decimal
import json
import re
import struct
import sys

PROTOCOL_VERSION = 1


class Refusal(Exception):
    """An error reply: kind, message and offset (a predicate's 1-based column, or -1)."""

    def __init__(self, kind, message, offset=-1):
        super().__init__(message)
        self.kind, self.message, self.offset = kind, message, offset


# ---------------------------------------------------------------- key types and the key encoding

FIXED = {"bool": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "uint8": 1, "uint16": 2, "uint32": 4,
         "uint64": 8, "float": 4, "double": 8, "date32:day": 4, "date64:ms": 8}
VARIABLE = {"string", "large_string", "binary", "large_binary"}
ZONE = re.compile(r"^timestamp:(s|ms|us|ns):(.+)$")


def check_type(name):
    if name in FIXED or name in VARIABLE or ZONE.match(name):
        return name
    raise Refusal("OTHER", "unknown key type '%s'" % name)


def width(t):
    return 8 if t.startswith("timestamp:") else FIXED[t]


def signed(t):
    return t in ("int8", "int16", "int32", "int64", "date32:day", "date64:ms") or t.startswith("timestamp:")


def encode_key(t, v):
    """One key, ascending, nulls first (Key Encoding). v: None, bool, int, float bits (int) or bytes/str."""
    if t in VARIABLE:
        if v is None:
            return b"\x00"
        data = v.encode("utf-8") if isinstance(v, str) else bytes(v)
        if not data:
            return b"\x01"
        out = bytearray(b"\x02")
        pos, block = 0, 0
        while pos < len(data):
            size = 8 if block < 4 else 32
            chunk = data[pos:pos + size]
            pos += len(chunk)
            block += 1
            out += chunk + b"\x00" * (size - len(chunk))
            out.append(0xFF if pos < len(data) else len(chunk))
        return bytes(out)
    w = width(t)
    if v is None:
        return b"\x00" * (1 + w)
    if t == "bool":
        return b"\x01" + (b"\x01" if v else b"\x00")
    if t in ("float", "double"):
        bits = v
        sign = 1 << (w * 8 - 1)
        bits = (~bits & ((1 << (w * 8)) - 1)) if bits & sign else bits | sign
        return b"\x01" + bits.to_bytes(w, "big")
    if signed(t):
        return b"\x01" + ((v + (1 << (w * 8 - 1))) % (1 << (w * 8))).to_bytes(w, "big")
    return b"\x01" + v.to_bytes(w, "big")


def key_value(t, kv):
    """A protocol KeyValue (JSON) as the Python value encode_key takes; a value of the wrong kind is refused."""
    if kv.get("isNull"):
        return None
    w = None if t in VARIABLE else width(t)
    if t == "bool" and "boolValue" in kv:
        return bool(kv["boolValue"])
    if t == "float" and "floatBits" in kv:
        return int(kv["floatBits"])
    if t == "double" and "doubleBits" in kv:
        return int(kv["doubleBits"])
    if t in ("string", "large_string") and "stringValue" in kv:
        return kv["stringValue"]
    if t in ("binary", "large_binary") and "binaryValue" in kv:
        return base64.b64decode(kv["binaryValue"])
    if signed(t) and "intValue" in kv:
        v = int(kv["intValue"])
        if not -(1 << (w * 8 - 1)) <= v < (1 << (w * 8 - 1)):
            raise Refusal("OTHER", "%d is out of range for %s" % (v, t))
        return v
    if t.startswith("uint") and "uintValue" in kv:
        v = int(kv["uintValue"])
        if not 0 <= v < (1 << (w * 8)):
            raise Refusal("OTHER", "%d is out of range for %s" % (v, t))
        return v
    if not kv:
        # proto3 JSON omits default values: an empty KeyValue cannot say which kind it is
        raise Refusal("OTHER", "a KeyValue with no value set for %s" % t)
    raise Refusal("OTHER", "%s does not fit key type %s" % (json.dumps(kv)[:80], t))


def encode_tuple(types, values):
    if len(types) != len(values):
        raise Refusal("OTHER", "%d key types but %d values" % (len(types), len(values)))
    return b"".join(encode_key(check_type(t), key_value(t, v)) for t, v in zip(types, values))


# ---------------------------------------------------------------- the JSON table format

def family(t):
    if t in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        return "INTEGER"
    if t == "float":
        return "FLOAT32"
    if t == "double":
        return "FLOAT64"
    if t in ("string", "large_string"):
        return "STRING"
    if t in ("binary", "large_binary"):
        return "BINARY"
    if t == "bool":
        return "BOOL"
    if t in ("date32:day", "date64:ms"):
        return "DATE"
    return "TIMESTAMP"


NAMED_FLOATS = {"float": {"NaN": 0x7FC00000, "-NaN": 0xFFC00000, "Infinity": 0x7F800000, "-Infinity": 0xFF800000,
                          "-0.0": 0x80000000},
                "double": {"NaN": 0x7FF8000000000000, "-NaN": 0xFFF8000000000000, "Infinity": 0x7FF0000000000000,
                           "-Infinity": 0xFFF0000000000000, "-0.0": 0x8000000000000000}}


def float_bits(t, number):
    fmt = ">f" if t == "float" else ">d"
    ifmt = ">I" if t == "float" else ">Q"
    try:
        value = float(number)
        if value in (float("inf"), float("-inf")):
            raise OverflowError()
        return struct.unpack(ifmt, struct.pack(fmt, value))[0]
    except OverflowError:
        raise Refusal("BAD_TABLE", "%s is beyond the range of %s" % (number, t))


def notation(t, v, where):
    """A value of the key notation (docs/any-element.md) as the evaluator's value."""
    if v is None:
        return None
    fam = family(t)
    if fam == "BOOL" and isinstance(v, bool):
        return v
    if fam in ("FLOAT32", "FLOAT64"):
        if isinstance(v, str):
            if v in NAMED_FLOATS[t]:
                return NAMED_FLOATS[t][v]
            if v.startswith("bits:0x") or v.startswith("bits:0X"):
                return int(v[7:], 16)
        elif isinstance(v, (int, float, decimal.Decimal)) and not isinstance(v, bool):
            return float_bits(t, v)
    if fam == "STRING" and isinstance(v, str):
        return v
    if fam == "BINARY" and isinstance(v, str) and v.startswith("hex:"):
        try:
            return bytes.fromhex(v[4:])
        except ValueError:
            pass
    if fam in ("INTEGER", "DATE", "TIMESTAMP"):
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, str) and re.fullmatch(r"-?\d+", v):
            return int(v)
    raise Refusal("BAD_TABLE", "%s: %s does not fit type %s" % (where, str(v)[:80], t))


def read_table(text):
    try:
        table = json.loads(text, parse_float=decimal.Decimal)
    except ValueError as e:
        raise Refusal("BAD_TABLE", "not JSON: %s" % e)
    fields = []
    for i, f in enumerate(table.get("element") or []):
        fields.append((f["name"], check_type(f["type"])))
    if not fields:
        raise Refusal("BAD_TABLE", "the table has no element fields")
    rows = []
    for r, row in enumerate(table.get("rows", [])):
        if row is None:
            rows.append(None)
            continue
        elements = []
        for e, element in enumerate(row):
            if element is None:
                elements.append(None)
                continue
            unknown = set(element) - {n for n, _ in fields}
            if unknown:
                raise Refusal("BAD_TABLE", "row %d, element %d: unknown field %s" % (r, e, sorted(unknown)[0]))
            elements.append({n: notation(t, element.get(n), "row %d, element %d, field %s" % (r, e, n)) for n, t in fields})
        rows.append(elements)
    return dict(fields), rows


# ---------------------------------------------------------------- the predicate language

KEYWORDS = {"AND", "OR", "NOT", "IN", "BETWEEN", "IS", "NULL", "TRUE", "FALSE", "UNKNOWN", "DISTINCT", "FROM",
            "DATE", "TIMESTAMP", "FLOAT", "DOUBLE", "X"}
NUMBER = re.compile(r"-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
MAX_DEPTH = 256


def lex(s):
    tokens, i = [], 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
            continue
        col = i + 1
        if c == "'" or c == '"':
            j, text = i + 1, []
            while True:
                if j >= len(s):
                    raise Refusal("SYNTAX", "unterminated quote", col)
                if s[j] == c:
                    if j + 1 < len(s) and s[j + 1] == c:
                        text.append(c)
                        j += 2
                        continue
                    break
                text.append(s[j])
                j += 1
            tokens.append(("STRING" if c == "'" else "QIDENT", "".join(text), col))
            i = j + 1
        elif c.isalpha() or c == "_":
            j = i
            while j < len(s) and (s[j].isalnum() or s[j] == "_"):
                j += 1
            word = s[i:j]
            up = word.upper()
            if up == "X" and not (j < len(s) and s[j] == "'"):
                tokens.append(("IDENT", word, col))
            else:
                tokens.append(("KW", up, col) if up in KEYWORDS else ("IDENT", word, col))
            i = j
        elif c.isdigit() or c == "." or (c == "-" and i + 1 < len(s) and (s[i + 1].isdigit() or s[i + 1] == ".")):
            m = NUMBER.match(s, i)
            if not m:
                raise Refusal("SYNTAX", "bad number", col)
            tokens.append(("NUMBER", m.group(0), col))
            i = m.end()
        elif s.startswith(("<=", ">=", "<>", "!="), i):
            tokens.append(("OP", s[i:i + 2], col))
            i += 2
        elif c in "=<>":
            tokens.append(("OP", c, col))
            i += 1
        elif c in "(),":
            tokens.append(({"(": "LP", ")": "RP", ",": "COMMA"}[c], c, col))
            i += 1
        else:
            raise Refusal("SYNTAX", "unexpected character %r" % c, col)
    tokens.append(("END", "", len(s) + 1))
    return tokens


class Parser:
    """Recursive descent over the EBNF of docs/any-element-grammar.md; nodes are tuples."""

    def __init__(self, text):
        self.tokens, self.next, self.depth = lex(text), 0, 0

    def peek(self, k=0):
        return self.tokens[min(self.next + k, len(self.tokens) - 1)]

    def take(self):
        t = self.peek()
        self.next += 1
        return t

    def kw(self, word, k=0):
        t = self.peek(k)
        return t[0] == "KW" and t[1] == word

    def fail(self, what):
        t = self.peek()
        raise Refusal("SYNTAX", what, t[2])

    def enter(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail("the predicate nests too deep")

    def parse(self):
        node = self.or_()
        if self.peek()[0] != "END":
            self.fail("unexpected token after a complete predicate")
        return node

    def or_(self):
        node = self.and_()
        while self.kw("OR"):
            self.take()
            self.enter()
            node = ("OR", node, self.and_())
        return node

    def and_(self):
        node = self.not_()
        while self.kw("AND"):
            self.take()
            self.enter()
            node = ("AND", node, self.not_())
        return node

    def not_(self):
        if self.kw("NOT"):
            self.take()
            self.enter()
            return ("NOT", self.not_())
        return self.is_truth()

    def truth_after_is(self):
        k = 1
        if self.kw("NOT", k):
            k += 1
        return any(self.kw(w, k) for w in ("TRUE", "FALSE", "UNKNOWN"))

    def is_truth(self):
        node = self.primary()
        while self.kw("IS") and self.truth_after_is():
            self.take()
            negated = self.kw("NOT") and self.take()
            node = ("ISTRUTH", node, self.take()[1], bool(negated))
        return node

    def primary(self):
        if self.peek()[0] == "LP":
            self.take()
            self.enter()
            node = self.or_()
            if self.peek()[0] != "RP":
                self.fail("expected ')'")
            self.take()
            return node
        left = self.operand()
        t = self.peek()
        if t[0] == "OP":
            self.take()
            op = {"!=": "<>"}.get(t[1], t[1])
            return ("CMP", op, left, self.operand())
        negated = False
        if self.kw("NOT") and (self.kw("IN", 1) or self.kw("BETWEEN", 1)):
            self.take()
            negated = True
        if self.kw("IN"):
            self.take()
            if self.peek()[0] != "LP":
                self.fail("expected '(' after IN")
            self.take()
            items = [self.operand()]
            while self.peek()[0] == "COMMA":
                self.take()
                items.append(self.operand())
            if self.peek()[0] != "RP":
                self.fail("expected ')' or ','")
            self.take()
            return ("IN", left, items, negated)
        if self.kw("BETWEEN"):
            self.take()
            low = self.operand()
            if not self.kw("AND"):
                self.fail("expected AND in BETWEEN")
            self.take()
            return ("BETWEEN", left, low, self.operand(), negated)
        if self.kw("IS") and not self.truth_after_is():
            self.take()
            negated = bool(self.kw("NOT") and self.take())
            if self.kw("NULL"):
                self.take()
                return ("ISNULL", left, negated)
            if self.kw("DISTINCT"):
                self.take()
                if not self.kw("FROM"):
                    self.fail("expected FROM")
                self.take()
                return ("DISTINCT", left, self.operand(), negated)
            self.fail("expected NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM after IS")
        return ("BOOL", left)

    def operand(self):
        t = self.take()
        kind, text, col = t
        if kind in ("IDENT", "QIDENT"):
            return ("FIELD", text, col)
        if kind == "NUMBER":
            return ("LIT", "NUMBER", text, col)
        if kind == "STRING":
            return ("LIT", "STRING", text, col)
        if kind == "KW" and text in ("TRUE", "FALSE"):
            return ("LIT", "BOOLEAN", text, col)
        if kind == "KW" and text == "NULL":
            return ("LIT", "NULL", text, col)
        if kind == "KW" and text in ("DATE", "TIMESTAMP", "FLOAT", "DOUBLE", "X"):
            value = self.take()
            if value[0] != "STRING":
                raise Refusal("SYNTAX", "expected a quoted value after " + text, value[2])
            return ("LIT", "BINARY" if text == "X" else text, value[1], col)
        raise Refusal("SYNTAX", "expected a field name or a literal", col)


LITERAL_FAMILY = {"STRING": "STRING", "BOOLEAN": "BOOL", "DATE": "DATE", "TIMESTAMP": "TIMESTAMP",
                  "BINARY": "BINARY", "FLOAT": "FLOAT32", "DOUBLE": "FLOAT64"}


def common(a, b):
    """The family two operands compare in, or None (NULL fits anything; a number fits numbers)."""
    if a is None or b is None:
        return a or b or "NULL"
    if a == b:
        return a
    nums = {"NUMBER", "INTEGER", "FLOAT32", "FLOAT64"}
    if a in nums and b in nums:
        if "FLOAT64" in (a, b) or ("FLOAT32" in (a, b) and "INTEGER" in (a, b)):
            return "FLOAT64" if "FLOAT64" in (a, b) else None
        if "FLOAT32" in (a, b):
            return "FLOAT32"
        return "INTEGER"
    return None


class Binder:
    def __init__(self, fields):
        self.fields = fields

    def family(self, operand):
        if operand[0] == "FIELD":
            if operand[1] not in self.fields:
                raise Refusal("UNKNOWN_FIELD", "no element field named '%s'; fields: %s"
                              % (operand[1], ", ".join(self.fields)), operand[2])
            return family(self.fields[operand[1]])
        return None if operand[1] == "NULL" else LITERAL_FAMILY.get(operand[1], "NUMBER")

    def pair(self, a, b):
        fa, fb = self.family(a), self.family(b)
        fam = common(fa, fb)
        if fam is None:
            raise Refusal("TYPE_MISMATCH", "cannot compare these operands", b[-1])
        if fam == "NUMBER":
            fam = "INTEGER"
        self.literal(a, fam)
        self.literal(b, fam)
        return fam

    def literal(self, operand, fam):
        if operand[0] == "LIT" and operand[1] != "NULL":
            try:
                literal_value(operand, fam, self.fields)
            except (ValueError, ArithmeticError, OverflowError, struct.error):
                raise Refusal("BAD_LITERAL", "bad literal", operand[3])

    def bind(self, node):
        tag = node[0]
        if tag in ("AND", "OR"):
            return (tag, self.bind(node[1]), self.bind(node[2]))
        if tag == "NOT":
            return ("NOT", self.bind(node[1]))
        if tag == "ISTRUTH":
            return ("ISTRUTH", self.bind(node[1]), node[2], node[3])
        if tag == "CMP":
            return ("CMP", node[1], node[2], node[3], self.pair(node[2], node[3]))
        if tag == "IN":
            fams = [self.pair(node[1], item) for item in node[2]]
            return ("IN", node[1], node[2], node[3], fams)
        if tag == "BETWEEN":
            return ("BETWEEN", node[1], node[2], node[3], node[4], self.pair(node[1], node[2]), self.pair(node[1], node[3]))
        if tag == "ISNULL":
            self.family(node[1])
            return node
        if tag == "DISTINCT":
            return ("DISTINCT", node[1], node[2], node[3], self.pair(node[1], node[2]))
        # a lone operand must be boolean
        fam = self.family(node[1])
        if fam not in ("BOOL", None):
            raise Refusal("TYPE_MISMATCH", "not a boolean", node[1][-1])
        return ("BOOL", node[1])


def to_f32_bits(x):
    return struct.unpack(">I", struct.pack(">f", x))[0]


def to_f64_bits(x):
    return struct.unpack(">Q", struct.pack(">d", x))[0]


def widen(bits32):
    return to_f64_bits(struct.unpack(">f", struct.pack(">I", bits32))[0])


def named_float(text, t):
    if text in NAMED_FLOATS[t]:
        return NAMED_FLOATS[t][text]
    digits = 8 if t == "float" else 16
    if re.fullmatch(r"bits:0[xX][0-9A-Fa-f]{%d}" % digits, text):
        return int(text[7:], 16)
    if NUMBER.fullmatch(text):
        return (to_f32_bits if t == "float" else to_f64_bits)(float(text))
    raise ValueError(text)


def literal_value(lit, fam, fields):
    kind, text = lit[1], lit[2]
    if kind == "NUMBER":
        if fam == "INTEGER":
            return decimal.Decimal(text)
        if fam == "FLOAT32":
            return to_f32_bits(float(text))
        return to_f64_bits(float(text))
    if kind == "STRING":
        return text.encode("utf-8")
    if kind == "BOOLEAN":
        return text == "TRUE"
    if kind == "BINARY":
        if len(text) % 2:
            raise ValueError(text)
        return bytes.fromhex(text)
    if kind == "DATE":
        # dates compare in milliseconds since the epoch (date32 days are widened to date64's unit)
        return (datetime.date.fromisoformat(text).toordinal() - datetime.date(1970, 1, 1).toordinal()) * 86_400_000
    if kind == "TIMESTAMP":
        iso = text.strip().replace(" ", "T")
        frac = re.search(r"\.(\d+)", iso)
        nanos = int((frac.group(1) + "000000000")[:9]) if frac else 0
        if frac and len(frac.group(1)) > 9:
            raise ValueError(text)
        base = re.sub(r"\.\d+", "", iso)
        if base.endswith("Z"):
            base = base[:-1] + "+00:00"
        moment = datetime.datetime.fromisoformat(base)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=datetime.timezone.utc)
        return int(moment.timestamp()) * 1_000_000_000 + nanos
    if kind == "FLOAT":
        bits = named_float(text, "float")
        return bits if fam == "FLOAT32" else widen(bits)
    if kind == "DOUBLE":
        return named_float(text, "double")
    raise ValueError(kind)


def total_key(bits, w):
    sign = 1 << (w * 8 - 1)
    return (~bits & ((1 << (w * 8)) - 1)) if bits & sign else bits | sign


UNIT_NANOS = {"s": 1_000_000_000, "ms": 1_000_000, "us": 1_000, "ns": 1}


def operand_value(operand, fam, element, fields):
    """The operand's value in the comparison family, or None (NULL)."""
    if operand[0] == "LIT":
        return None if operand[1] == "NULL" else literal_value(operand, fam, fields)
    if element is None:
        return None
    v = element[operand[1]]
    if v is None:
        return None
    t = fields[operand[1]]
    if fam == "INTEGER":
        return decimal.Decimal(v)
    if fam == "FLOAT32":
        return v
    if fam == "FLOAT64":
        return widen(v) if t == "float" else v
    if fam == "STRING":
        return v.encode("utf-8")
    if fam == "DATE":
        return v * 86_400_000 if t == "date32:day" else v
    if fam == "TIMESTAMP":
        return v * UNIT_NANOS[ZONE.match(t).group(1)]
    return v


def order(a, b, fam):
    if fam == "FLOAT32":
        a, b = total_key(a, 4), total_key(b, 4)
    elif fam == "FLOAT64":
        a, b = total_key(a, 8), total_key(b, 8)
    return (a > b) - (a < b)


TRUE, UNKNOWN, FALSE = 2, 1, 0


def compare(op, a, b, fam):
    if a is None or b is None:
        return UNKNOWN
    c = order(a, b, fam)
    result = {"=": c == 0, "<>": c != 0, "<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0}[op]
    return TRUE if result else FALSE


def evaluate(node, element, fields):
    tag = node[0]
    if tag == "AND":
        return min(evaluate(node[1], element, fields), evaluate(node[2], element, fields))
    if tag == "OR":
        return max(evaluate(node[1], element, fields), evaluate(node[2], element, fields))
    if tag == "NOT":
        return 2 - evaluate(node[1], element, fields)
    if tag == "ISTRUTH":
        value = evaluate(node[1], element, fields)
        target = {"TRUE": TRUE, "FALSE": FALSE, "UNKNOWN": UNKNOWN}[node[2]]
        return TRUE if (value == target) != node[3] else FALSE
    if tag == "CMP":
        _, op, a, b, fam = node
        return compare(op, operand_value(a, fam, element, fields), operand_value(b, fam, element, fields), fam)
    if tag == "IN":
        _, value, items, negated, fams = node
        result = FALSE
        for item, fam in zip(items, fams):
            result = max(result, compare("=", operand_value(value, fam, element, fields),
                                         operand_value(item, fam, element, fields), fam))
        return 2 - result if negated else result
    if tag == "BETWEEN":
        _, value, low, high, negated, fam_low, fam_high = node
        result = min(compare(">=", operand_value(value, fam_low, element, fields), operand_value(low, fam_low, element, fields), fam_low),
                     compare("<=", operand_value(value, fam_high, element, fields), operand_value(high, fam_high, element, fields), fam_high))
        return 2 - result if negated else result
    if tag == "ISNULL":
        is_null = operand_value(node[1], "ANY", element, fields) is None if node[1][0] == "FIELD" else node[1][1] == "NULL"
        return TRUE if is_null != node[2] else FALSE
    if tag == "DISTINCT":
        _, a, b, negated, fam = node
        va, vb = operand_value(a, fam, element, fields), operand_value(b, fam, element, fields)
        distinct = (va is None) != (vb is None) or (va is not None and order(va, vb, fam) != 0)
        return TRUE if distinct != negated else FALSE
    value = operand_value(node[1], "BOOL", element, fields)
    return UNKNOWN if value is None else (TRUE if value else FALSE)


def any_element(table_json, predicate, negated):
    fields, rows = read_table(table_json)
    bound = Binder(fields).bind(Parser(predicate).parse())
    out = []
    for row in rows:
        if row is None:
            value = UNKNOWN
        else:
            value = FALSE
            for element in row:
                value = max(value, evaluate(bound, element, fields))
                if value == TRUE:
                    break
        if negated:
            value = 2 - value
        out.append({TRUE: "TRUTH_TRUE", FALSE: "TRUTH_FALSE", UNKNOWN: "TRUTH_UNKNOWN"}[value])
    return out


# ---------------------------------------------------------------- the protocol

def answer(request):
    if "encodeKey" in request:
        op = request["encodeKey"]
        encoding = encode_tuple(op.get("keyTypes", []), op.get("values", []))
        return {"encodeKey": {"encoding": base64.b64encode(encoding).decode("ascii")}}
    if "compareKeys" in request:
        op = request["compareKeys"]
        left = encode_tuple(op.get("keyTypes", []), op.get("left", []))
        right = encode_tuple(op.get("keyTypes", []), op.get("right", []))
        return {"compareKeys": {"order": (left > right) - (left < right)}}
    if "evaluateAnyElement" in request:
        op = request["evaluateAnyElement"]
        return {"evaluateAnyElement": {"rows": any_element(op.get("tableJson", ""), op.get("predicate", ""),
                                                           op.get("negated", False))}}
    return None


def main():
    print(json.dumps({"protocolVersion": PROTOCOL_VERSION, "engineName": "python-example", "engineVersion": "0.1",
                      "capabilities": ["any_element", "key_encoding"]}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        reply = {"id": request.get("id", 0)}
        try:
            result = answer(request)
            if result is None:
                reply["unsupported"] = {"reason": "this engine does key_encoding and any_element only"}
            else:
                reply["result"] = result
        except Refusal as e:
            reply["error"] = {"kind": e.kind, "message": e.message[:500], "offset": str(e.offset)}
        except RecursionError:
            reply["error"] = {"kind": "SYNTAX", "message": "the predicate nests too deep", "offset": "1"}
        except Exception as e:  # a bug of this engine: say so in the reply rather than die
            reply["error"] = {"kind": "OTHER", "message": ("%s: %s" % (type(e).__name__, e))[:500], "offset": "-1"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
