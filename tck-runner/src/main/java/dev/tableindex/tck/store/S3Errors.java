package dev.tableindex.tck.store;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.gaul.shaded.org.eclipse.jetty.http.HttpHeader;
import org.gaul.shaded.org.eclipse.jetty.server.Request;
import org.gaul.shaded.org.eclipse.jetty.server.Response;
import org.gaul.shaded.org.eclipse.jetty.util.Callback;

/**
 * S3's error responses: status, an S3 error code, and the XML body S3 sends ({@code <Error><Code>…}). Every refusal of
 * the kit's store is one of these, including the errors Jetty and S3Proxy would otherwise answer with an HTML page that
 * quotes an exception (a Jackson class for a malformed XML body).
 */
final class S3Errors {
    private S3Errors() {
    }

    /** Writes the error and completes the callback; a HEAD gets the status without a body, as S3 answers it. */
    static boolean send(Request request, Response response, Callback callback, int status, String code, String message) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/xml");
        if (request.getMethod().equals("HEAD")) {
            response.write(true, ByteBuffer.allocate(0), callback);
            return true;
        }
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>" + code + "</Code><Message>" + escape(message)
                + "</Message><Resource>" + escape(request.getHttpURI().getPath()) + "</Resource><RequestId>0</RequestId></Error>";
        response.write(true, ByteBuffer.wrap(xml.getBytes(StandardCharsets.UTF_8)), callback);
        return true;
    }

    /** An error S3Proxy or Jetty raised with only a status: S3's code for it and a message that quotes nothing. */
    static boolean sendStatus(Request request, Response response, Callback callback, int status) {
        String code = switch (status) {
            case 400 -> "InvalidRequest";
            case 403 -> "AccessDenied";
            case 404 -> "NoSuchKey";
            case 405 -> "MethodNotAllowed";
            case 411 -> "MissingContentLength";
            case 413 -> "EntityTooLarge";
            case 414, 431 -> "RequestHeaderSectionTooLarge";
            case 416 -> "InvalidRange";
            case 501 -> "NotImplemented";
            case 503 -> "ServiceUnavailable";
            default -> status >= 500 ? "InternalError" : "InvalidRequest";
        };
        String message = status >= 500 && status != 501 ? "the store could not answer this request"
                : status == 501 ? "the kit's store does not implement this request" : "the request is not one the store accepts";
        return send(request, response, callback, status, code, message);
    }

    /** Jetty's error page for the servlet S3Proxy runs in, as S3 XML. */
    static final class ForServlet extends org.gaul.shaded.org.eclipse.jetty.ee10.servlet.ErrorHandler {
        @Override
        protected boolean generateAcceptableResponse(Request request, Response response, Callback callback, String contentType,
                List<java.nio.charset.Charset> charsets, int code, String message, Throwable cause) {
            return sendStatus(request, response, callback, code);
        }
    }

    /** Jetty's error page for what fails before the servlet (a malformed request line or header), as S3 XML. */
    static final class ForServer extends org.gaul.shaded.org.eclipse.jetty.server.handler.ErrorHandler {
        @Override
        protected boolean generateAcceptableResponse(Request request, Response response, Callback callback, String contentType,
                List<java.nio.charset.Charset> charsets, int code, String message, Throwable cause) {
            return sendStatus(request, response, callback, code);
        }
    }

    private static String escape(String text) {
        String shown = text.length() > 300 ? text.substring(0, 300) + "…" : text;
        return shown.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
