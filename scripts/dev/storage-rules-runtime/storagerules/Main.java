package storagerules;

import com.google.common.collect.ImmutableList;
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.util.concurrent.SettableFuture;
import com.google.firebase.rules.lang.CompileResult;
import com.google.firebase.rules.lang.FirebaseRulesProtoCompiler;
import com.google.firebase.rules.lang.common.FirebaseRulesLangOptions;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageCreateContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageDeleteContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageGetContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageListContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageService;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageUpdateContextConverter;
import com.google.firebase.rules.runtime.common.EvaluationRestrictions;
import com.google.firebase.rules.runtime.common.EvaluationResult;
import com.google.firebase.rules.runtime.evaluators.AuthRuleEvaluator;
import com.google.firebase.rules.runtime.impl.DefaultEvaluator;
import com.google.firebase.rules.runtime.utils.ExpressionValueUtils;
import com.google.firebase.rules.runtime.v1.ExpressionMapValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathValue;
import com.google.firebase.rules.runtime.v1.ExpressionValue;
import com.google.firebase.rules.runtime.v1.RulesetAst;
import com.google.firebase.rules.v1.File;
import com.google.firebase.rules.v1.Issue;
import com.google.firebase.rules.v1.Source;
import com.google.firebase.rules.v1.SourcePosition;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * A Cloud Storage rules runtime for the firebase-tools Storage emulator, speaking its JSON-lines
 * protocol on stdin/stdout (see firebase-tools lib/emulator/storage/rules/runtime.js) and
 * evaluating with the Firebase rules engine that ships inside the gcloud Firestore emulator jar.
 *
 * <pre>
 *   start:        → {"id":-1,"status":"ok"}
 *   load_ruleset: {id, action, context:{rulesetName, source:{files:[{name, content}]}}}
 *                 → {id, status:"ok", result:{rulesVersion}, errors:[], warnings:[]}
 *   verify:       {id, action, context:{rulesetName, service, path, method, delimiter, variables}}
 *                 → {id, status:"ok", result:{permit}, errors:[], warnings:[]}
 *   firestore.get/exists during verify:
 *                 → {server_request_id:id, action:"fetch_firestore_document", status:"ok",
 *                    context:{path:"/databases/(default)/documents/..."}}
 *                 ← {id, status:"ok"|"not_found"|..., result:{name, fields}}
 * </pre>
 */
public final class Main {
  private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
  private static final PrintStream OUT =
      new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
  private static final Map<String, Ruleset> RULESETS = new ConcurrentHashMap<>();
  private static final Map<Long, Verification> VERIFICATIONS = new ConcurrentHashMap<>();
  private static final ExecutorService WORKERS = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "rules-worker");
    t.setDaemon(true);
    return t;
  });
  private static final FirebaseRulesLangOptions LANG_OPTIONS = FirebaseRulesLangOptions.builder()
      .allowTernaryOperator(true)
      .allowCrossServiceRules(true)
      .build();

  private record Ruleset(RulesetAst ast, int version) {}

  public static void main(String[] args) throws Exception {
    quietLogging();
    // Anything the engine prints must not mix with the protocol on stdout.
    System.setOut(System.err);

    JsonObject hello = new JsonObject();
    hello.addProperty("id", -1);
    hello.addProperty("status", "ok");
    hello.add("result", new JsonObject());
    hello.add("errors", new JsonArray());
    hello.add("warnings", new JsonArray());
    send(hello);
    // Load the compiler and evaluator classes while firebase-tools gets on with its start.
    WORKERS.submit(Main::warmUp);

    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      trace("<", line);
      final JsonObject msg;
      try {
        msg = JsonParser.parseString(line).getAsJsonObject();
      } catch (RuntimeException e) {
        System.err.println("storage rules runtime: unreadable request: " + line);
        continue;
      }
      if (msg.has("action") && !msg.get("action").isJsonNull()) {
        String action = msg.get("action").getAsString();
        if (action.equals("load_ruleset")) {
          // In order: a verify read after it must find the ruleset.
          handle(action, msg);
        } else {
          WORKERS.submit(() -> handle(action, msg));
        }
      } else if (msg.has("id")) {
        long id = msg.get("id").getAsLong();
        Verification v = VERIFICATIONS.get(id);
        if (v != null) {
          WORKERS.submit(() -> v.deliver(msg));
        } else {
          System.err.println("storage rules runtime: no pending request for " + line);
        }
      }
    }
    System.exit(0);
  }

  private static void quietLogging() {
    LogManager.getLogManager().reset();
    Logger root = Logger.getLogger("");
    root.setLevel(Level.SEVERE);
    java.util.logging.ConsoleHandler h = new java.util.logging.ConsoleHandler();
    h.setLevel(Level.SEVERE);
    root.addHandler(h);
  }

  private static void warmUp() {
    try {
      Source src = Source.newBuilder().addFiles(File.newBuilder().setName("warmup.rules").setContent(
          "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /{p=**} {"
              + " allow read: if request.auth != null && request.time != null; } } }")).build();
      CompileResult r = FirebaseRulesProtoCompiler.createStandalone(LANG_OPTIONS).compile(src);
      if (!r.hasCompilationError()) {
        Context ctx = new Context(Values.path("/b/x/o/y"), ExpressionMapValue.getDefaultInstance(), Values.NULL, null);
        new DefaultEvaluator(r.getRulesetAst(), ImmutableList.of(), EvaluationRestrictions.builder().build())
            .evaluate(FirebaseStorageGetContextConverter.convert(ctx)).get();
      }
    } catch (Throwable ignored) {
      // only a warm-up
    }
  }

  /** With STORAGE_RULES_RUNTIME_TRACE set, every line in and out is copied to this file. */
  private static final PrintStream TRACE = openTrace();

  private static PrintStream openTrace() {
    String file = System.getenv("STORAGE_RULES_RUNTIME_TRACE");
    if (file == null || file.isEmpty()) return null;
    try {
      return new PrintStream(new FileOutputStream(file, true), true, StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      return null;
    }
  }

  static void trace(String direction, String line) {
    if (TRACE != null) TRACE.println(System.currentTimeMillis() + " " + direction + " " + line);
  }

  static synchronized void send(JsonObject msg) {
    trace(">", GSON.toJson(msg));
    OUT.print(GSON.toJson(msg));
    OUT.print('\n');
    OUT.flush();
  }

  private static void handle(String action, JsonObject msg) {
    JsonElement id = msg.get("id");
    try {
      JsonObject context = msg.has("context") ? msg.getAsJsonObject("context") : new JsonObject();
      switch (action) {
        case "load_ruleset":
          loadRuleset(id, context);
          break;
        case "verify":
          verify(id, context);
          break;
        default:
          send(reply(id, "error", null, List.of("unknown action " + action), List.of()));
      }
    } catch (Throwable t) {
      send(reply(id, "ok", null, List.of("storage rules runtime: " + t), List.of()));
    }
  }

  static JsonObject reply(JsonElement id, String status, JsonObject result, List<String> errors, List<String> warnings) {
    JsonObject r = new JsonObject();
    r.add("id", id);
    r.addProperty("status", status);
    if (result != null) r.add("result", result);
    JsonArray e = new JsonArray();
    errors.forEach(e::add);
    JsonArray w = new JsonArray();
    warnings.forEach(w::add);
    r.add("errors", e);
    r.add("warnings", w);
    return r;
  }

  // ---- load_ruleset ------------------------------------------------------------------------

  private static void loadRuleset(JsonElement id, JsonObject context) {
    String name = context.get("rulesetName").getAsString();
    Source.Builder source = Source.newBuilder();
    JsonObject src = context.getAsJsonObject("source");
    for (JsonElement f : src.getAsJsonArray("files")) {
      JsonObject fo = f.getAsJsonObject();
      source.addFiles(File.newBuilder()
          .setName(fo.has("name") ? fo.get("name").getAsString() : "storage.rules")
          .setContent(fo.get("content").getAsString()));
    }
    CompileResult compiled = FirebaseRulesProtoCompiler.createStandalone(LANG_OPTIONS).compile(source.build());
    List<String> errors = new java.util.ArrayList<>();
    List<String> warnings = new java.util.ArrayList<>();
    for (Issue issue : compiled.getIssues()) {
      (issue.getSeverity() == Issue.Severity.ERROR ? errors : warnings).add(issueJson(issue));
    }
    if (compiled.hasCompilationError() && errors.isEmpty()) errors.add("Rules failed to compile");
    if (compiled.hasCompilationError()) {
      send(reply(id, "ok", null, errors, warnings));
      return;
    }
    RulesetAst ast = compiled.getRulesetAst();
    int version = ast.getVersionValue() == 2 ? 2 : 1;
    RULESETS.put(name, new Ruleset(ast, version));
    JsonObject result = new JsonObject();
    result.addProperty("rulesVersion", version);
    send(reply(id, "ok", result, errors, warnings));
  }

  /** An issue the way firebase-tools' rules manager reads it (fields of the Java object). */
  private static String issueJson(Issue issue) {
    SourcePosition p = issue.getSourcePosition();
    JsonObject pos = new JsonObject();
    pos.addProperty("fileName_", p.getFileName());
    pos.addProperty("line_", p.getLine());
    pos.addProperty("column_", p.getColumn());
    pos.addProperty("currentOffset_", p.getCurrentOffset());
    pos.addProperty("endOffset_", p.getEndOffset());
    JsonObject o = new JsonObject();
    o.add("sourcePosition_", pos);
    o.addProperty("description_", issue.getDescription());
    o.addProperty("severity_", issue.getSeverityValue());
    return GSON.toJson(o);
  }

  // ---- verify ------------------------------------------------------------------------------

  private static void verify(JsonElement id, JsonObject context) throws Exception {
    String rulesetName = context.get("rulesetName").getAsString();
    Ruleset ruleset = RULESETS.get(rulesetName);
    if (ruleset == null) {
      send(reply(id, "ok", null, List.of("unknown ruleset " + rulesetName), List.of()));
      return;
    }
    String method = context.get("method").getAsString();
    ExpressionPathValue path = Values.path(context.get("path").getAsString());
    JsonObject variables = context.has("variables") ? context.getAsJsonObject("variables") : new JsonObject();
    ExpressionValue request = Values.expression(variables.get("request"));
    ExpressionValue resource = Values.expression(variables.get("resource"));
    Verification verification = new Verification(id);
    Context ctx = new Context(path, request.getMapValue(), resource, verification);
    // firebase-tools asks "create" for every upload, with the stored object (if any) as the
    // resource: writing over an existing object is an update, as in production.
    if ((method.equals("create") || method.equals("write"))
        && resource.getKindCase() != ExpressionValue.KindCase.NULL_VALUE
        && resource.getKindCase() != ExpressionValue.KindCase.KIND_NOT_SET) {
      method = "update";
    }
    AuthRuleEvaluator.RuleContext ruleContext;
    switch (method) {
      case "get":
      case "read":
        ruleContext = FirebaseStorageGetContextConverter.convert(ctx);
        break;
      case "list":
        ruleContext = FirebaseStorageListContextConverter.convert(ctx);
        break;
      case "create":
      case "write":
        ruleContext = FirebaseStorageCreateContextConverter.convert(ctx);
        break;
      case "update":
        ruleContext = FirebaseStorageUpdateContextConverter.convert(ctx);
        break;
      case "delete":
        ruleContext = FirebaseStorageDeleteContextConverter.convert(ctx);
        break;
      default:
        send(reply(id, "ok", null, List.of("unknown method " + method), List.of()));
        return;
    }
    VERIFICATIONS.put(id.getAsLong(), verification);
    ListenableFuture<EvaluationResult> result;
    try {
      result = new DefaultEvaluator(ruleset.ast(), ImmutableList.of(), EvaluationRestrictions.builder().build())
          .evaluate(ruleContext);
    } catch (RuntimeException e) {
      result = Futures.immediateFailedFuture(e);
    }
    Futures.addCallback(result, new FutureCallback<EvaluationResult>() {
      @Override
      public void onSuccess(EvaluationResult r) {
        JsonObject res = new JsonObject();
        res.addProperty("permit", r.permit());
        verification.finish(reply(id, "ok", res, List.of(), List.of()));
      }

      @Override
      public void onFailure(Throwable t) {
        JsonObject res = new JsonObject();
        res.addProperty("permit", false);
        verification.finish(reply(id, "ok", res, List.of(), List.of("Permission denied: " + (t.getMessage() != null ? t.getMessage() : t.toString()))));
      }
    }, MoreExecutors.directExecutor());
  }

  /**
   * One verify in flight: its Firestore reads, sent to firebase-tools one at a time (it keeps one
   * handler per request id), cached by path, and its answer held back while a read is out.
   */
  static final class Verification {
    private final JsonElement id;
    private final Map<String, SettableFuture<JsonObject>> reads = new HashMap<>();
    private final Deque<String> queued = new ArrayDeque<>();
    private String outstanding;
    private JsonObject finalReply;
    private boolean finished;

    Verification(JsonElement id) {
      this.id = id;
    }

    /** The data response for `path`: {status, result:{name, fields}}. */
    ListenableFuture<JsonObject> read(String path) {
      JsonObject request = null;
      SettableFuture<JsonObject> f;
      synchronized (this) {
        f = reads.get(path);
        if (f != null) return f;
        f = SettableFuture.create();
        reads.put(path, f);
        if (finished) {
          f.setException(new IllegalStateException("verification finished"));
          return f;
        }
        if (outstanding == null) {
          outstanding = path;
          request = dataRequest(path);
        } else {
          queued.add(path);
        }
      }
      if (request != null) send(request);
      return f;
    }

    private JsonObject dataRequest(String path) {
      JsonObject ctx = new JsonObject();
      ctx.addProperty("path", path);
      JsonObject r = new JsonObject();
      r.add("server_request_id", id);
      r.addProperty("action", "fetch_firestore_document");
      r.addProperty("status", "ok");
      r.add("context", ctx);
      return r;
    }

    void deliver(JsonObject response) {
      SettableFuture<JsonObject> done;
      JsonObject next = null;
      synchronized (this) {
        if (outstanding == null) return;
        done = reads.get(outstanding);
        outstanding = null;
        if (finalReply != null) {
          next = finalReply;
          finalReply = null;
          queued.clear();
        } else if (!queued.isEmpty()) {
          outstanding = queued.poll();
          next = dataRequest(outstanding);
        }
      }
      if (next != null && next.has("id")) VERIFICATIONS.remove(id.getAsLong());
      if (next != null) send(next);
      done.set(response);
    }

    void finish(JsonObject reply) {
      synchronized (this) {
        finished = true;
        queued.clear();
        if (outstanding != null) {
          finalReply = reply;
          return;
        }
      }
      VERIFICATIONS.remove(id.getAsLong());
      send(reply);
    }
  }

  /** The storage request as the engine's generated Storage service asks for it. */
  static final class Context implements FirebaseStorageService.FirebaseStorageGetContext,
      FirebaseStorageService.FirebaseStorageListContext,
      FirebaseStorageService.FirebaseStorageCreateContext,
      FirebaseStorageService.FirebaseStorageUpdateContext,
      FirebaseStorageService.FirebaseStorageDeleteContext {
    private final ExpressionPathValue path;
    private final ExpressionMapValue request;
    private final ExpressionValue resource;
    private final Verification verification;

    Context(ExpressionPathValue path, ExpressionMapValue request, ExpressionValue resource, Verification verification) {
      this.path = path;
      this.request = request;
      this.resource = resource;
      this.verification = verification;
    }

    @Override
    public ExpressionPathValue path() {
      return path;
    }

    @Override
    public ExpressionMapValue request() {
      return request;
    }

    @Override
    public ListenableFuture<ExpressionValue> resource() {
      return Futures.immediateFuture(resource);
    }

    @Override
    public ExpressionValue debug(ExpressionValue value) {
      synchronized (Main.class) {
        OUT.print("debug: " + value.toString().replace('\n', ' ') + "\n");
        OUT.flush();
      }
      return value;
    }

    private String documentPath(ExpressionPathValue p, SourcePosition pos) throws Exception {
      return "/" + String.join("/", ExpressionValueUtils.getPathSegments(pos, p));
    }

    @Override
    public ListenableFuture<ExpressionValue> firestoreGet(ExpressionPathValue p, SourcePosition pos) {
      try {
        String docPath = documentPath(p, pos);
        return Futures.transform(verification.read(docPath), r -> {
          String status = r.has("status") ? r.get("status").getAsString() : "";
          if ("ok".equals(status) && r.has("result") && r.get("result").isJsonObject()) {
            return Values.firestoreResource(r.getAsJsonObject("result"), docPath);
          }
          if ("not_found".equals(status)) return Values.NULL;
          throw new IllegalStateException("firestore.get(" + docPath + "): " + status);
        }, MoreExecutors.directExecutor());
      } catch (Exception e) {
        return Futures.immediateFailedFuture(e);
      }
    }

    @Override
    public ListenableFuture<ExpressionValue> firestoreExists(ExpressionPathValue p, SourcePosition pos) {
      try {
        String docPath = documentPath(p, pos);
        return Futures.transform(verification.read(docPath), r -> {
          String status = r.has("status") ? r.get("status").getAsString() : "";
          if ("ok".equals(status)) return ExpressionValueUtils.TRUE;
          if ("not_found".equals(status)) return ExpressionValueUtils.FALSE;
          throw new IllegalStateException("firestore.exists(" + docPath + "): " + status);
        }, MoreExecutors.directExecutor());
      } catch (Exception e) {
        return Futures.immediateFailedFuture(e);
      }
    }
  }
}
