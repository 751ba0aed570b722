package dev.tableindex.tck.run;

import dev.tableindex.proto.tck.EncodeKeyRequest;
import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.KeyValue;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.api.AnyElementEvaluator;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.KeyEncoder;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.Engines;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

/**
 * {@code tck smoke}: in seconds, whether an engine speaks at all: its handshake, and one known-answer request
 * per declared capability that has a cheap one (the full TCK judges the rest). Not a verdict on conformance.
 */
public final class Smoke {
    private Smoke() {
    }

    /**
     * @return whether every check passed
     * @throws EngineBroken when the engine cannot be started or its handshake is not one (nothing to check then:
     *     the command says so in one {@code error:} line, as {@code tck run} does)
     */
    public static boolean run(String selector, Path workingDirectory, Engines.Timeouts timeouts, Path scratch, PrintWriter out) {
        FileTrees.delete(scratch);
        boolean ok = true;
        try (TckEngine engine = Engines.start(selector, workingDirectory, timeouts)) {
            long started = System.nanoTime();
            var info = engine.info();
            out.printf("handshake   ok   %s %s, capabilities %s (%d ms)%n", info.name(), info.version(),
                    info.capabilities().stream().map(Capability::id).sorted().toList(), (System.nanoTime() - started) / 1_000_000);
            GoldenStore golden = new GoldenStore(scratch);
            for (Capability capability : info.capabilities().stream().sorted().toList()) {
                long start = System.nanoTime();
                String verdict;
                boolean passed;
                try {
                    String problem = check(capability, engine, golden, scratch);
                    passed = problem == null || problem.startsWith("(");
                    verdict = problem == null ? "ok" : problem.startsWith("(") ? "-" : "WRONG";
                    if (problem != null) {
                        verdict += "  " + problem;
                    }
                } catch (EngineRefusal | EngineUnsupported e) {
                    passed = false;
                    verdict = "WRONG  refused: " + Console.cut(Console.oneLine(e.getMessage()));
                } catch (EngineBroken e) {
                    passed = false;
                    verdict = "BROKEN " + Console.cut(Console.oneLine(e.getMessage()));
                }
                ok &= passed;
                out.printf("%-11s %s (%d ms)%n", capability.id(), verdict, (System.nanoTime() - start) / 1_000_000);
            }
        } finally {
            FileTrees.delete(scratch);
        }
        out.println(ok ? "SMOKE PASSED (now run the TCK: tck run --engine ...)" : "SMOKE FAILED");
        out.flush();
        return ok;
    }

    /** null when the engine answered as expected, a "(…)" note when there is no smoke request, else what is wrong. */
    private static String check(Capability capability, TckEngine engine, GoldenStore golden, Path scratch) {
        return switch (capability) {
            case KEY_ENCODING -> {
                // spec/lance-list-element-index.md, Key Encoding: ("car", 0.5) as string, float
                byte[] got = engine.facet(KeyEncoder.class).encodeKey(EncodeKeyRequest.newBuilder()
                        .addKeyTypes("string").addKeyTypes("float")
                        .addValues(KeyValue.newBuilder().setStringValue("car"))
                        .addValues(KeyValue.newBuilder().setFloatBits(Float.floatToRawIntBits(0.5f))).build())
                        .getEncoding().toByteArray();
                String expected = "02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00";
                String hex = HexFormat.ofDelimiter(" ").withUpperCase().formatHex(got);
                yield hex.equals(expected) ? null : "encodeKey(\"car\", 0.5f) gave " + hex + ", expected " + expected;
            }
            case ANY_ELEMENT -> {
                var rows = engine.facet(AnyElementEvaluator.class).evaluateAnyElement(EvaluateAnyElementRequest.newBuilder()
                        .setTableJson("""
                                {"column": "d", "element": [{"name": "label", "type": "string"}],
                                 "rows": [[{"label": "car"}], null, [], [null, {"label": "bus"}]]}""")
                        .setPredicate("label = 'car'").build()).getRowsList();
                List<Truth> expected = List.of(Truth.TRUTH_TRUE, Truth.TRUTH_UNKNOWN, Truth.TRUTH_FALSE, Truth.TRUTH_UNKNOWN);
                yield rows.equals(expected) ? null : "any_element(label = 'car') gave " + rows + ", expected " + expected;
            }
            case MANIFEST_READ -> {
                Path dataset = golden.path("lance-manifests/lance-7.0.0/btree");
                long version = engine.facet(ManifestReading.class).readManifest(ReadManifestRequest.newBuilder()
                        .setDatasetPath(dataset.toString()).build()).getManifest().getVersion();
                yield version == 2 ? null : "the btree golden dataset's latest version is 2, the engine read " + version;
            }
            case ICEBERG_INDEX_METADATA, ICEBERG_INDEX_COMMIT, ICEBERG_INDEX_CREATE, ICEBERG_INDEX_BUILD,
                    ICEBERG_INDEX_QUERY, ICEBERG_INDEX_ENCRYPTION -> IcebergSmoke.check(capability, engine, golden, scratch);
            default -> "(no smoke request for this capability; the TCK checks it)";
        };
    }

}
