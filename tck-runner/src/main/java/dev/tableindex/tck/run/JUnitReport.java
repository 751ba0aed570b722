package dev.tableindex.tck.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * {@code tck-junit.xml}: the run's verdict in the JUnit XML a CI gate reads, written from the same
 * results as {@code tck-report.json} so the two never disagree. FAIL and UNEXPECTED_PASS are
 * failures (ADVISORY_FAIL too under {@code --enforce-should}), ERROR is an error, UNSUPPORTED and
 * OPEN are skipped, PASS, EXPECTED_FAIL and ADVISORY_FAIL pass; every testcase carries its outcome
 * in {@code system-out} ({@code outcome: EXPECTED_FAIL — message}). A stale known-failure entry is
 * a failing testcase of its own. Testcase names start with the scenario id ({@code AE-0051#3}).
 */
public final class JUnitReport {
    private JUnitReport() {
    }

    public static void write(TckReport report, Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (OutputStream out = Files.newOutputStream(file)) {
                XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
                write(report, xml);
                xml.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write " + file, e);
        }
    }

    /** How a CI gate must see this outcome. */
    enum Kind { PASSED, FAILURE, ERROR, SKIPPED }

    static Kind kind(Outcome outcome, boolean enforceShould) {
        return switch (outcome) {
            case FAIL, UNEXPECTED_PASS -> Kind.FAILURE;
            case ADVISORY_FAIL -> enforceShould ? Kind.FAILURE : Kind.PASSED;
            case ERROR -> Kind.ERROR;
            case UNSUPPORTED, OPEN -> Kind.SKIPPED;
            case PASS, EXPECTED_FAIL -> Kind.PASSED;
        };
    }

    private static void write(TckReport report, XMLStreamWriter xml) throws XMLStreamException {
        long failures = report.scenarios().stream()
                .filter(s -> kind(s.outcome(), report.enforceShould()) == Kind.FAILURE).count()
                + report.staleKnownFailures().size();
        long errors = report.scenarios().stream().filter(s -> kind(s.outcome(), report.enforceShould()) == Kind.ERROR).count();
        long skipped = report.scenarios().stream().filter(s -> kind(s.outcome(), report.enforceShould()) == Kind.SKIPPED).count();
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeCharacters("\n");
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", "tck " + report.engine().name() + " " + report.engine().version());
        xml.writeAttribute("tests", String.valueOf(report.scenarios().size() + report.staleKnownFailures().size()));
        xml.writeAttribute("failures", String.valueOf(failures));
        xml.writeAttribute("errors", String.valueOf(errors));
        xml.writeAttribute("skipped", String.valueOf(skipped));
        xml.writeAttribute("time", seconds(Duration.between(report.startedAt(), report.finishedAt())));
        xml.writeAttribute("timestamp", report.startedAt().toString());
        xml.writeCharacters("\n");
        for (ScenarioResult s : report.scenarios()) {
            String detail = s.message() == null || s.message().isEmpty() ? "" : " — " + s.message();
            testcase(xml, className(s.uri()), s.id() + " " + s.name(), kind(s.outcome(), report.enforceShould()),
                    s.outcome().name(), s.outcome().name() + detail);
        }
        for (String stale : report.staleKnownFailures()) {
            testcase(xml, "tck.known-failures", stale + " stale known-failure entry", Kind.FAILURE, "STALE_KNOWN_FAILURE",
                    "STALE_KNOWN_FAILURE — the entry matches no scenario of this suite: remove it");
        }
        xml.writeEndElement();
        xml.writeCharacters("\n");
        xml.writeEndDocument();
    }

    private static void testcase(XMLStreamWriter xml, String className, String name, Kind kind, String type,
                                 String message) throws XMLStreamException {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", className);
        xml.writeAttribute("name", xmlSafe(name));
        xml.writeAttribute("time", "0");
        String element = switch (kind) {
            case FAILURE -> "failure";
            case ERROR -> "error";
            case SKIPPED -> "skipped";
            case PASSED -> null;
        };
        if (element != null) {
            xml.writeEmptyElement(element);
            xml.writeAttribute("message", xmlSafe(message));
            if (kind != Kind.SKIPPED) {
                xml.writeAttribute("type", type);
            }
        }
        xml.writeStartElement("system-out");
        xml.writeCharacters("outcome: " + xmlSafe(message));
        xml.writeEndElement();
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    /** Engine text may hold characters XML 1.0 cannot carry (NUL, lone surrogates): each becomes U+FFFD. */
    static String xmlSafe(String text) {
        StringBuilder safe = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pairedSurrogate = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (pairedSurrogate) {
                safe.append(c).append(text.charAt(++i));
            } else if (c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)) {
                safe.append(c);
            } else {
                safe.append('\uFFFD');
            }
        }
        return safe.toString();
    }

    /** {@code classpath:features/manifest-reading.feature} → {@code tck.manifest-reading}. */
    static String className(String uri) {
        String file = uri == null ? "" : uri.substring(uri.lastIndexOf('/') + 1);
        return "tck." + (file.endsWith(".feature") ? file.substring(0, file.length() - ".feature".length()) : file);
    }

    private static String seconds(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.3f", duration.toMillis() / 1000.0);
    }
}
