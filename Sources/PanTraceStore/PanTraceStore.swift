public enum PanTraceStore {}
