package storagerules;

import com.google.firebase.rules.runtime.utils.ExpressionValueUtils;
import com.google.firebase.rules.runtime.v1.ExpressionListValue;
import com.google.firebase.rules.runtime.v1.ExpressionMapValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathSegmentValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathValue;
import com.google.firebase.rules.runtime.v1.ExpressionSetValue;
import com.google.firebase.rules.runtime.v1.ExpressionValue;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.NullValue;
import com.google.protobuf.util.Durations;
import com.google.protobuf.util.JsonFormat;
import com.google.protobuf.util.Timestamps;
import com.google.type.LatLng;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Conversions between JSON and the rules engine's values:
 * <ul>
 *   <li>the protobuf-JSON ExpressionValues firebase-tools sends as {@code variables} (snake_case
 *       names: string_value, int_value, map_value.fields, path_value.segments[{simple}], ...);
 *   <li>Firestore REST documents ({@code {name, fields}} with stringValue, integerValue, ...)
 *       into the value {@code firestore.get()} returns: {@code {__name__, id, data}}.
 * </ul>
 */
final class Values {
  private Values() {}

  static final ExpressionValue NULL =
      ExpressionValue.newBuilder().setNullValue(NullValue.NULL_VALUE).build();

  // ---- protobuf-JSON ExpressionValue -------------------------------------------------------

  /** An ExpressionValue from its protobuf-JSON form (snake_case or lowerCamel field names). */
  static ExpressionValue expression(JsonElement json) throws InvalidProtocolBufferException {
    if (json == null || json.isJsonNull()) return NULL;
    if (!json.isJsonObject()) throw new InvalidProtocolBufferException("not an ExpressionValue: " + json);
    JsonObject o = json.getAsJsonObject();
    if (o.size() == 0) return NULL;
    if (o.size() == 1) {
      Map.Entry<String, JsonElement> e = o.entrySet().iterator().next();
      JsonElement v = e.getValue();
      ExpressionValue.Builder b = ExpressionValue.newBuilder();
      switch (e.getKey()) {
        case "null_value":
        case "nullValue":
          return NULL;
        case "bool_value":
        case "boolValue":
          return b.setBoolValue(v.getAsBoolean()).build();
        case "int_value":
        case "intValue":
          return b.setIntValue(v.getAsJsonPrimitive().isString()
              ? Long.parseLong(v.getAsString()) : v.getAsNumber().longValue()).build();
        case "float_value":
        case "floatValue":
          return b.setFloatValue(parseDouble(v)).build();
        case "string_value":
        case "stringValue":
          return b.setStringValue(v.getAsString()).build();
        case "bytes_value":
        case "bytesValue":
          return b.setBytesValue(ByteString.copyFrom(Base64.getDecoder().decode(v.getAsString()))).build();
        case "timestamp_value":
        case "timestampValue":
          try {
            return b.setTimestampValue(Timestamps.parse(v.getAsString())).build();
          } catch (ParseException ex) {
            throw new InvalidProtocolBufferException("bad timestamp " + v);
          }
        case "duration_value":
        case "durationValue":
          try {
            return b.setDurationValue(Durations.parse(v.getAsString())).build();
          } catch (ParseException ex) {
            throw new InvalidProtocolBufferException("bad duration " + v);
          }
        case "list_value":
        case "listValue": {
          ExpressionListValue.Builder l = ExpressionListValue.newBuilder();
          for (JsonElement item : values(v)) l.addValues(expression(item));
          return b.setListValue(l).build();
        }
        case "set_value":
        case "setValue": {
          ExpressionSetValue.Builder s = ExpressionSetValue.newBuilder();
          for (JsonElement item : values(v)) s.addValues(expression(item));
          return b.setSetValue(s).build();
        }
        case "map_value":
        case "mapValue": {
          ExpressionMapValue.Builder m = ExpressionMapValue.newBuilder();
          JsonElement fields = v.isJsonObject() ? v.getAsJsonObject().get("fields") : null;
          if (fields != null && fields.isJsonObject()) {
            for (Map.Entry<String, JsonElement> f : fields.getAsJsonObject().entrySet()) {
              m.putFields(f.getKey(), expression(f.getValue()));
            }
          }
          return b.setMapValue(m).build();
        }
        case "path_value":
        case "pathValue": {
          boolean simple = true;
          List<String> segments = new ArrayList<>();
          for (JsonElement s : arrayField(v, "segments")) {
            JsonObject so = s.getAsJsonObject();
            if (so.size() == 1 && so.has("simple")) segments.add(so.get("simple").getAsString());
            else simple = false;
          }
          if (simple) return b.setPathValue(path(segments)).build();
          break; // captures: let JsonFormat do it
        }
        case "latlng_value":
        case "latlngValue": {
          JsonObject ll = v.getAsJsonObject();
          return b.setLatlngValue(LatLng.newBuilder()
              .setLatitude(ll.has("latitude") ? parseDouble(ll.get("latitude")) : 0)
              .setLongitude(ll.has("longitude") ? parseDouble(ll.get("longitude")) : 0)).build();
        }
        default:
          break;
      }
    }
    ExpressionValue.Builder b = ExpressionValue.newBuilder();
    JsonFormat.parser().merge(o.toString(), b);
    return b.build();
  }

  private static double parseDouble(JsonElement v) {
    if (v.getAsJsonPrimitive().isString()) {
      String s = v.getAsString();
      switch (s) {
        case "NaN": return Double.NaN;
        case "Infinity": return Double.POSITIVE_INFINITY;
        case "-Infinity": return Double.NEGATIVE_INFINITY;
        default: return Double.parseDouble(s);
      }
    }
    return v.getAsDouble();
  }

  private static JsonArray values(JsonElement listValue) {
    return arrayField(listValue, "values");
  }

  private static JsonArray arrayField(JsonElement obj, String name) {
    if (obj != null && obj.isJsonObject()) {
      JsonElement a = obj.getAsJsonObject().get(name);
      if (a != null && a.isJsonArray()) return a.getAsJsonArray();
    }
    return new JsonArray();
  }

  /** A path of simple segments. */
  static ExpressionPathValue path(List<String> segments) {
    ExpressionPathValue.Builder p = ExpressionPathValue.newBuilder();
    for (String s : segments) p.addSegments(ExpressionPathSegmentValue.newBuilder().setSimple(s));
    return p.build();
  }

  /** A path of simple segments from "/a/b/c" (empty segments dropped). */
  static ExpressionPathValue path(String slashed) {
    List<String> segments = new ArrayList<>();
    for (String s : slashed.split("/")) if (!s.isEmpty()) segments.add(s);
    return path(segments);
  }

  // ---- Firestore REST documents ------------------------------------------------------------

  /**
   * The value of {@code firestore.get()} for a document the Firestore emulator's REST API
   * returned: {@code {__name__: path, id: string, data: map}} (what the Firestore rules engine
   * gives its own {@code get()}).
   */
  static ExpressionValue firestoreResource(JsonObject doc, String requestedPath) {
    String name = doc.has("name") && doc.get("name").isJsonPrimitive() ? doc.get("name").getAsString() : null;
    List<String> segments = documentSegments(name != null ? name : requestedPath);
    ExpressionMapValue.Builder data = ExpressionMapValue.newBuilder();
    JsonElement fields = doc.get("fields");
    if (fields != null && fields.isJsonObject()) {
      for (Map.Entry<String, JsonElement> f : fields.getAsJsonObject().entrySet()) {
        data.putFields(f.getKey(), firestoreValue(f.getValue()));
      }
    }
    ExpressionMapValue.Builder resource = ExpressionMapValue.newBuilder()
        .putFields("__name__", ExpressionValue.newBuilder().setPathValue(path(segments)).build())
        .putFields("id", ExpressionValueUtils.createValue(segments.isEmpty() ? "" : segments.get(segments.size() - 1)))
        .putFields("data", ExpressionValue.newBuilder().setMapValue(data).build());
    return ExpressionValue.newBuilder().setMapValue(resource).build();
  }

  /** "projects/p/databases/(default)/documents/a/b" or "/databases/..." → [databases, (default), documents, a, b]. */
  static List<String> documentSegments(String name) {
    List<String> all = new ArrayList<>();
    for (String s : name.split("/")) if (!s.isEmpty()) all.add(s);
    int i = all.indexOf("databases");
    return i >= 0 ? all.subList(i, all.size()) : all;
  }

  /** One Firestore REST Value (stringValue, integerValue, mapValue, ...) as an ExpressionValue. */
  static ExpressionValue firestoreValue(JsonElement json) {
    if (json == null || !json.isJsonObject() || json.getAsJsonObject().size() == 0) return NULL;
    Map.Entry<String, JsonElement> e = json.getAsJsonObject().entrySet().iterator().next();
    JsonElement v = e.getValue();
    ExpressionValue.Builder b = ExpressionValue.newBuilder();
    switch (e.getKey()) {
      case "nullValue":
        return NULL;
      case "booleanValue":
        return b.setBoolValue(v.getAsBoolean()).build();
      case "integerValue":
        return b.setIntValue(v.getAsJsonPrimitive().isString() ? Long.parseLong(v.getAsString()) : v.getAsLong()).build();
      case "doubleValue":
        return b.setFloatValue(parseDouble(v)).build();
      case "timestampValue":
        try {
          return b.setTimestampValue(Timestamps.parse(v.getAsString())).build();
        } catch (ParseException ex) {
          return b.setStringValue(v.getAsString()).build();
        }
      case "stringValue":
        return b.setStringValue(v.getAsString()).build();
      case "bytesValue":
        return b.setBytesValue(ByteString.copyFrom(Base64.getDecoder().decode(v.getAsString()))).build();
      case "referenceValue":
        return b.setPathValue(path(documentSegments(v.getAsString()))).build();
      case "geoPointValue": {
        JsonObject ll = v.getAsJsonObject();
        return b.setLatlngValue(LatLng.newBuilder()
            .setLatitude(ll.has("latitude") ? parseDouble(ll.get("latitude")) : 0)
            .setLongitude(ll.has("longitude") ? parseDouble(ll.get("longitude")) : 0)).build();
      }
      case "arrayValue": {
        ExpressionListValue.Builder l = ExpressionListValue.newBuilder();
        for (JsonElement item : values(v)) l.addValues(firestoreValue(item));
        return b.setListValue(l).build();
      }
      case "mapValue": {
        ExpressionMapValue.Builder m = ExpressionMapValue.newBuilder();
        JsonElement fields = v.isJsonObject() ? v.getAsJsonObject().get("fields") : null;
        if (fields != null && fields.isJsonObject()) {
          for (Map.Entry<String, JsonElement> f : fields.getAsJsonObject().entrySet()) {
            m.putFields(f.getKey(), firestoreValue(f.getValue()));
          }
        }
        return b.setMapValue(m).build();
      }
      default:
        return NULL;
    }
  }
}
