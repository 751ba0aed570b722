package dev.tableindex.golden;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Minimal JSON writer (no dependency). Objects are {@link java.util.LinkedHashMap}s (key order is kept), arrays are
 * Lists. Layout: 2-space indent; arrays of scalars, and objects whose values are all scalars or arrays of scalars, are
 * written on one line; a trailing newline is added by {@link #write(Object)}.
 */
public final class Json {
  private Json() {}

  public static String write(Object v) {
    StringBuilder sb = new StringBuilder();
    emit(sb, v, 0);
    sb.append('\n');
    return sb.toString();
  }

  private static boolean scalar(Object v) {
    return !(v instanceof Map) && !(v instanceof List);
  }

  private static boolean flat(Object v) {
    if (scalar(v)) {
      return true;
    }
    if (v instanceof List<?> l) {
      return l.stream().allMatch(Json::scalar);
    }
    return ((Map<?, ?>) v).values().stream().allMatch(x -> scalar(x)
        || (x instanceof List<?> l && l.stream().allMatch(Json::scalar)));
  }

  /** Length of v written on one line. */
  private static int oneLine(Object v) {
    StringBuilder sb = new StringBuilder();
    emitInline(sb, v);
    return sb.length();
  }

  private static void emitInline(StringBuilder sb, Object v) {
    if (v instanceof Map<?, ?> m) {
      sb.append('{');
      for (Map.Entry<?, ?> e : m.entrySet()) {
        str(sb, e.getKey().toString());
        sb.append(": ");
        emitInline(sb, e.getValue());
        sb.append(", ");
      }
      sb.append('}');
    } else if (v instanceof List<?> l) {
      sb.append('[');
      for (Object x : l) {
        emitInline(sb, x);
        sb.append(", ");
      }
      sb.append(']');
    } else {
      emit(sb, v, 0);
    }
  }

  private static void emit(StringBuilder sb, Object v, int ind) {
    if (v instanceof Map<?, ?> m) {
      if (m.isEmpty()) {
        sb.append("{}");
        return;
      }
      boolean inline = flat(m) && oneLine(m) <= 110;
      sb.append('{');
      Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        if (!inline) {
          sb.append('\n').append("  ".repeat(ind + 1));
        }
        str(sb, e.getKey().toString());
        sb.append(": ");
        emit(sb, e.getValue(), ind + 1);
        if (it.hasNext()) {
          sb.append(inline ? ", " : ",");
        }
      }
      if (!inline) {
        sb.append('\n').append("  ".repeat(ind));
      }
      sb.append('}');
    } else if (v instanceof List<?> l) {
      if (l.isEmpty()) {
        sb.append("[]");
        return;
      }
      boolean inline = l.stream().allMatch(Json::scalar) && oneLine(l) <= 110;
      sb.append('[');
      for (int i = 0; i < l.size(); i++) {
        if (!inline) {
          sb.append('\n').append("  ".repeat(ind + 1));
        }
        emit(sb, l.get(i), ind + 1);
        if (i < l.size() - 1) {
          sb.append(inline ? ", " : ",");
        }
      }
      if (!inline) {
        sb.append('\n').append("  ".repeat(ind));
      }
      sb.append(']');
    } else if (v == null) {
      sb.append("null");
    } else if (v instanceof String s) {
      str(sb, s);
    } else if (v instanceof Boolean || v instanceof Number) {
      sb.append(v);
    } else {
      str(sb, v.toString());
    }
  }

  private static void str(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
