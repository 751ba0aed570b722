package dev.tableindex.tck.engine;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A test engine process: serves the reference engine over the protocol, except that it misbehaves
 * on one request. {@code <mode> <n>}: mode {@code crash} exits, {@code hang} never answers,
 * {@code garbage} prints a line that is not a reply, {@code wrong-id} answers another request,
 * {@code bad-handshake} sends garbage instead of the handshake, {@code empty-result} answers with an
 * empty result, {@code other-result} with another operation's result, {@code huge-garbage} prints a
 * 4 MiB line that is not a reply, {@code huge-error} refuses with a 4 MiB message, {@code deep-reply} answers
 * with 30,000 nested brackets, {@code overlong} with a line longer than the protocol allows, {@code coerced-kind}
 * refuses with an error whose {@code kind} is {@code [[1]]}; {@code deep-handshake} and {@code coerced-handshake}
 * (capabilities {@code [["key_encoding"]]}) send such a handshake; n is the 1-based request number.
 */
public final class MisbehavingEngineMain {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int at = Integer.parseInt(args[1]);
        EngineServer server = new EngineServer(new ReferenceEngine(), System.out);
        if (mode.equals("bad-handshake")) {
            System.out.println("{\"hello\": \"world\"}");
        } else if (mode.equals("deep-handshake")) {
            System.out.println("{\"protocolVersion\":1,\"capabilities\":" + "[".repeat(30_000) + "]".repeat(30_000) + "}");
        } else if (mode.equals("coerced-handshake")) {
            System.out.println("{\"protocolVersion\":1,\"engineName\":\"x\",\"capabilities\":[[\"key_encoding\"]]}");
        } else {
            System.out.println(server.handshake());
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int n = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            n++;
            if (n == at) {
                switch (mode) {
                    case "crash" -> {
                        System.err.println("engine: simulated native abort");
                        Runtime.getRuntime().halt(134);
                    }
                    case "hang" -> Thread.sleep(Long.MAX_VALUE);
                    case "garbage" -> {
                        System.out.println("panic: this is not a reply");
                        continue;
                    }
                    case "wrong-id" -> {
                        System.out.println(server.reply(line).replaceFirst("\"id\":\\d+", "\"id\":999"));
                        continue;
                    }
                    case "empty-result" -> {
                        System.out.println("{\"id\":" + id(line) + ",\"result\":{}}");
                        continue;
                    }
                    case "other-result" -> {
                        System.out.println("{\"id\":" + id(line) + ",\"result\":{\"countRows\":{}}}");
                        continue;
                    }
                    case "huge-garbage" -> {
                        System.out.println("{\"id\":\"" + "x".repeat(4 << 20));
                        continue;
                    }
                    case "huge-error" -> {
                        System.out.println("{\"id\":" + id(line) + ",\"error\":{\"kind\":\"OTHER\",\"message\":\""
                                + "y".repeat(4 << 20) + "\"}}");
                        continue;
                    }
                    case "deep-reply" -> {
                        System.out.println("{\"id\":" + id(line) + ",\"result\":" + "[".repeat(30_000) + "]".repeat(30_000) + "}");
                        continue;
                    }
                    case "overlong" -> {
                        System.out.println("{\"id\":" + id(line) + ",\"error\":{\"message\":\""
                                + "z".repeat(ProtocolLines.MAX_LINE_CHARS) + "\"}}");
                        continue;
                    }
                    case "coerced-kind" -> {
                        System.out.println("{\"id\":" + id(line) + ",\"error\":{\"kind\":[[1]],\"message\":\"no\"}}");
                        continue;
                    }
                    default -> { }
                }
            }
            System.out.println(server.reply(line));
        }
    }

    private static String id(String requestLine) {
        java.util.regex.Matcher id = java.util.regex.Pattern.compile("\"id\":(\\d+)").matcher(requestLine);
        return id.find() ? id.group(1) : "0";
    }
}
