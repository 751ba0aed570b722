package dev.tableindex.tck.run;

import dev.tableindex.tck.integrity.RulesCatalogue.Rule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code tck-report.html}: the run's own outcomes in one page (no script or style from elsewhere), counted as the
 * console and {@code tck-report.json} count them (all eight outcomes), every scenario with its outcome, and each
 * failure with its message, the rules it checks (id and statement from {@code features/rules/}) and links into the
 * spec copies written beside it ({@code spec/}). Filters by outcome, area and capability.
 *
 * <p>Each count is an element with {@code data-tck-engine} (the run's engine selector), {@code data-tck-outcome} and
 * {@code data-tck-count}: the contract {@code .ci/browser-check.py} checks in headless Chromium.
 */
public final class HtmlReport {
    public static final String FILE = "tck-report.html";

    private HtmlReport() {
    }

    public static void write(TckReport report, Path reportDir) {
        try {
            Files.createDirectories(reportDir);
            Files.writeString(reportDir.resolve(FILE), render(report), StandardCharsets.UTF_8);
            copySpec(reportDir.resolve("spec"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copySpec(Path target) {
        ClasspathTree.folder(ClasspathTree.SPEC).ifPresent(spec -> {
            FileTrees.delete(target);
            FileTrees.copy(spec, target);
        });
    }

    static String render(TckReport report) {
        StringBuilder html = new StringBuilder(400_000);
        String engine = report.engineSelector();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>TCK report: ")
                .append(esc(report.engine().name())).append("</title>\n<style>")
                .append("body{font:14px/1.4 system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}")
                .append("td,th{padding:2px 8px;text-align:left;vertical-align:top}tr.s td{border-top:1px solid #ddd}")
                .append(".PASS{color:#161}.FAIL,.ERROR,.UNEXPECTED_PASS{color:#b00;font-weight:bold}")
                .append(".ADVISORY_FAIL{color:#a60}.OPEN,.UNSUPPORTED,.EXPECTED_FAIL{color:#555}")
                .append("dl{margin:.2em 0 .6em 1em}dt{font-weight:bold}dd{margin:0 0 .3em 1em;white-space:pre-wrap}")
                .append(".counts td{font-size:1.1em}</style></head><body>\n");
        html.append("<h1>").append(esc(report.summaryLine())).append("</h1>\n<p>Engine <b>")
                .append(esc(report.engine().name() + " " + report.engine().version())).append("</b> (")
                .append(esc(engine)).append("), kit ").append(esc(report.kit().version())).append(" (commit ")
                .append(esc(shortCommit(report.kit().gitCommit()))).append(", suite sha256 ")
                .append(esc(report.kit().suiteDigest())).append("), started ").append(report.startedAt())
                .append(report.tags() == null ? "" : ", tags " + esc(report.tags()))
                .append(report.knownFailuresFile() == null ? "" : ", known failures " + esc(report.knownFailuresFile()))
                .append(".</p>\n");
        html.append("<table class=\"counts\"><tr>");
        Map<Outcome, Long> counts = report.counts(null);
        for (Outcome outcome : Outcome.values()) {
            html.append("<th class=\"").append(outcome).append("\">").append(outcome.label()).append("</th>");
        }
        html.append("</tr><tr>");
        for (Outcome outcome : Outcome.values()) {
            html.append("<td data-tck-engine=\"").append(esc(engine)).append("\" data-tck-outcome=\"").append(outcome)
                    .append("\" data-tck-count=\"").append(counts.get(outcome)).append("\">").append(counts.get(outcome))
                    .append("</td>");
        }
        html.append("</tr></table>\n");
        if (!report.staleKnownFailures().isEmpty()) {
            html.append("<p class=\"FAIL\">Stale known-failure entries (they name no scenario): ")
                    .append(esc(String.join(", ", report.staleKnownFailures()))).append("</p>\n");
        }
        List<ScenarioResult> scenarios = report.scenarios();
        html.append("<p>Show: ").append(filter("outcome", new TreeSet<>(scenarios.stream().map(s -> s.outcome().name()).toList())))
                .append(" ").append(filter("area", new TreeSet<>(scenarios.stream().map(HtmlReport::area).toList())))
                .append(" ").append(filter("capability", new TreeSet<>(scenarios.stream()
                        .flatMap(s -> s.requires().isEmpty() ? java.util.stream.Stream.of("none") : s.requires().stream()).toList())))
                .append(" <span id=\"shown\"></span></p>\n");
        html.append("<table id=\"scenarios\"><tr><th>outcome</th><th>id</th><th>level</th><th>scenario</th></tr>\n");
        for (ScenarioResult s : scenarios) {
            html.append("<tr class=\"s\" data-outcome=\"").append(s.outcome()).append("\" data-area=\"").append(esc(area(s)))
                    .append("\" data-capability=\"").append(esc(s.requires().isEmpty() ? "none" : String.join(" ", s.requires())))
                    .append("\"><td class=\"").append(s.outcome()).append("\">").append(s.outcome()).append("</td><td>")
                    .append(esc(s.id())).append("</td><td>").append(esc(s.level())).append("</td><td>").append(esc(s.name()));
            if (s.outcome() != Outcome.PASS) {
                html.append(details(s));
            }
            html.append("</td></tr>\n");
        }
        html.append("</table>\n<script>\n")
                .append("const sel=[...document.querySelectorAll('select[data-filter]')];\n")
                .append("function apply(){let n=0;for(const tr of document.querySelectorAll('#scenarios tr.s')){")
                .append("const ok=sel.every(s=>s.value===''||tr.dataset[s.dataset.filter].split(' ').includes(s.value));")
                .append("tr.style.display=ok?'':'none';if(ok)n++;}document.getElementById('shown').textContent=n+' shown';}\n")
                .append("sel.forEach(s=>s.addEventListener('change',apply));apply();\n</script>\n</body></html>\n");
        return html.toString();
    }

    private static String details(ScenarioResult s) {
        StringBuilder d = new StringBuilder("<dl>");
        if (s.message() != null && !s.message().isBlank()) {
            d.append("<dt>message</dt><dd>").append(esc(s.message())).append("</dd>");
        }
        if (s.knownFailureReason() != null) {
            d.append("<dt>known failure</dt><dd>").append(esc(s.knownFailureReason())).append("</dd>");
        }
        for (Rule rule : ScenarioRules.bundled().of(s.id())) {
            d.append("<dt>rule ").append(esc(rule.id())).append(" (").append(rule.level().label()).append(", ")
                    .append(specLink(rule.spec())).append(")</dt><dd>").append(esc(rule.statement())).append("</dd>");
        }
        if (!s.spec().isEmpty()) {
            d.append("<dt>spec</dt><dd>");
            s.spec().forEach(spec -> d.append(specLink(spec)).append(" "));
            d.append("</dd>");
        }
        d.append("<dt>input</dt><dd>").append(esc(ScenarioInput.describe(s))).append("</dd></dl>");
        return d.toString();
    }

    /** {@code lance-table.proto#anchor} → a link into the spec copies beside the report. */
    private static String specLink(String spec) {
        return "<a href=\"spec/" + esc(spec) + "\">" + esc(spec) + "</a>";
    }

    private static String filter(String name, TreeSet<String> values) {
        StringBuilder select = new StringBuilder("<label>").append(name).append(" <select data-filter=\"").append(name)
                .append("\"><option value=\"\">all</option>");
        values.forEach(v -> select.append("<option>").append(esc(v)).append("</option>"));
        return select.append("</select></label>").toString();
    }

    /** The id's area: {@code LEI-0190#2} → {@code LEI}. */
    static String area(ScenarioResult s) {
        int dash = s.id().indexOf('-');
        return dash < 0 ? s.id() : s.id().substring(0, dash);
    }

    private static String shortCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
