// An XMLHttpRequest stand-in for jsdom: it hands the request to a
// fetch-shaped function (the same table stubApi answers from) and reports
// the upload's progress in two steps before the answer.

/** What a test answers a request with, as global fetch would. */
export type FetchLike = (path: string, init: RequestInit) => Promise<Response>;

/** fakeXHR makes an XMLHttpRequest class answered by `answer`. */
export function fakeXHR(answer: FetchLike) {
  return class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    statusText = "";
    responseText = "";
    private method = "GET";
    private path = "";
    private readonly headers = new Headers();
    private answerHeaders = new Headers();

    open(method: string, path: string) {
      this.method = method;
      this.path = path;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    getAllResponseHeaders(): string {
      let out = "";
      this.answerHeaders.forEach((value, name) => (out += `${name}: ${value}\r\n`));
      return out;
    }

    send(body: XMLHttpRequestBodyInit | null) {
      const total = 1000;
      const progress = (loaded: number) => this.upload.dispatchEvent(Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }));
      void (async () => {
        progress(0);
        progress(total / 2);
        let res: Response;
        try {
          res = await answer(this.path, { method: this.method, headers: this.headers, body });
        } catch {
          this.dispatchEvent(new Event("error"));
          return;
        }
        progress(total);
        this.status = res.status;
        this.statusText = res.statusText;
        this.answerHeaders = res.headers;
        this.responseText = await res.text();
        this.dispatchEvent(new Event("load"));
      })();
    }
  };
}
