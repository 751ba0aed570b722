package dev.tableindex.tck.steps;

import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Names a common protocol mistake: protobuf's JSON mapping carries bytes as base64, and hex digits are
 * valid base64, so an engine that writes its bytes as hex has them silently decoded into other bytes.
 * When the bytes received, written back as base64, are hex digits, say so.
 */
final class HexForBase64 {
    private static final Pattern HEX_DIGITS = Pattern.compile("(?:[0-9A-Fa-f]{2})+");

    private HexForBase64() {
    }

    /**
     * A hint to add to a mismatch message, or "" when {@code received} is not the bytes that base64-decoding
     * {@code expectedHex}'s hex digits gives (what an engine that wrote the expected bytes as hex sends).
     */
    static String hint(byte[] received, String expectedHex) {
        String base64 = Base64.getEncoder().encodeToString(received);
        String digits = expectedHex.replace(" ", "");
        if (received.length == 0 || !HEX_DIGITS.matcher(base64).matches() || !base64.equalsIgnoreCase(digits)) {
            return "";
        }
        return " (the engine sent hex where the protocol's JSON wants base64: it sent \"" + base64
                + "\", the hex of the expected bytes; write bytes fields in base64)";
    }
}
