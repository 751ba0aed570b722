package dev.tableindex.tck.golden;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where two JSON values differ, as {@code path: expected X, read Y} lines, so a failing golden
 * case says which field is wrong instead of printing two whole documents. Numbers compare by
 * value (1 as an int equals 1 as a long).
 */
public final class JsonDiff {
    private JsonDiff() {
    }

    public static List<String> between(JsonNode expected, JsonNode actual) {
        List<String> differences = new ArrayList<>();
        diff("", expected, actual, differences);
        return differences;
    }

    private static void diff(String path, JsonNode expected, JsonNode actual, List<String> out) {
        if (expected.isNumber() && actual.isNumber()) {
            if (expected.decimalValue().compareTo(actual.decimalValue()) != 0) {
                out.add(where(path) + ": expected " + expected + ", read " + actual);
            }
        } else if (expected.isObject() && actual.isObject()) {
            Set<String> names = new LinkedHashSet<>();
            expected.fieldNames().forEachRemaining(names::add);
            actual.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                String child = path.isEmpty() ? name : path + "." + name;
                if (!expected.has(name)) {
                    out.add(child + ": not expected, read " + actual.get(name));
                } else if (!actual.has(name)) {
                    out.add(child + ": expected " + expected.get(name) + ", missing");
                } else {
                    diff(child, expected.get(name), actual.get(name), out);
                }
            }
        } else if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
            Iterator<JsonNode> e = expected.elements();
            Iterator<JsonNode> a = actual.elements();
            for (int i = 0; e.hasNext(); i++) {
                diff(path + "[" + i + "]", e.next(), a.next(), out);
            }
        } else if (!expected.equals(actual)) {
            out.add(where(path) + ": expected " + expected + ", read " + actual);
        }
    }

    private static String where(String path) {
        return path.isEmpty() ? "(whole value)" : path;
    }
}
