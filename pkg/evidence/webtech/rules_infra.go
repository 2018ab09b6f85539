package webtech

// Delivery and hosting: CDNs, hosts and platforms, web servers, server-side
// frameworks, security services and monitoring agents.

var cdnTechs = []Technology{
	{Name: "Cloudflare", Category: CDN, Website: "https://www.cloudflare.com", Rules: []Rule{
		Header("Server", `^cloudflare`, 0.95),
		Header("Cf-Ray", "", 0.95),
		Header("Cf-Cache-Status", "", 0.9),
		Cookie("__cf_bm", 0.85),
		Cookie("__cflb", 0.8),
		Cookie("cf_clearance", 0.85),
		Script(`^/cdn-cgi/`, 0.7),
	}},
	{Name: "Fastly", Category: CDN, Website: "https://www.fastly.com", Rules: []Rule{
		Header("Fastly-Debug-Digest", "", 0.95),
		Header("X-Fastly-Request-Id", "", 0.95),
		Header("X-Served-By", `^cache-[a-z0-9-]+`, 0.7),
		Header("X-Timer", `^S\d+\.\d+,VS\d`, 0.6),
	}},
	{Name: "Akamai", Category: CDN, Website: "https://www.akamai.com", Rules: []Rule{
		Header("Server", `^AkamaiGHost`, 0.95),
		Header("Server", `^AkamaiNetStorage`, 0.9),
		Header("X-Akamai-Transformed", "", 0.95),
		Header("Akamai-Grn", "", 0.9),
		Header("X-Akamai-Request-Id", "", 0.9),
	}},
	{Name: "Amazon CloudFront", Category: CDN, Website: "https://aws.amazon.com/cloudfront/", Rules: []Rule{
		Header("X-Amz-Cf-Id", "", 0.95),
		Header("X-Amz-Cf-Pop", "", 0.95),
		Header("Via", `\(CloudFront\)`, 0.95),
		Header("Server", `^CloudFront`, 0.9),
	}},
	{Name: "jsDelivr", Category: CDN, Website: "https://www.jsdelivr.com", Rules: []Rule{
		ScriptHost("cdn.jsdelivr.net", 0.9),
		LinkHost("cdn.jsdelivr.net", 0.85),
	}},
	{Name: "cdnjs", Category: CDN, Website: "https://cdnjs.com", Rules: []Rule{
		ScriptHost("cdnjs.cloudflare.com", 0.9),
		LinkHost("cdnjs.cloudflare.com", 0.85),
	}},
	{Name: "unpkg", Category: CDN, Website: "https://unpkg.com", Rules: []Rule{
		ScriptHost("unpkg.com", 0.9),
		LinkHost("unpkg.com", 0.85),
	}},
	{Name: "Google Hosted Libraries", Category: CDN, Website: "https://developers.google.com/speed/libraries", Rules: []Rule{
		ScriptHost("ajax.googleapis.com", 0.9),
	}},
	{Name: "Bunny CDN", Category: CDN, Website: "https://bunny.net", Rules: []Rule{
		Header("Server", `^BunnyCDN`, 0.95),
		Header("Cdn-Pullzone", "", 0.9),
		ScriptHost("b-cdn.net", 0.8),
	}},
	{Name: "KeyCDN", Category: CDN, Website: "https://www.keycdn.com", Rules: []Rule{
		Header("Server", `^keycdn-engine`, 0.95),
		ScriptHost("kxcdn.com", 0.8),
	}},
	{Name: "Azure Front Door", Category: CDN, Website: "https://azure.microsoft.com/products/frontdoor/", Rules: []Rule{
		Header("X-Azure-Ref", "", 0.95),
		Header("X-Fd-Int-Roxy-Purgeid", "", 0.8),
	}},
	{Name: "Varnish", Category: CDN, Website: "https://varnish-cache.org", Rules: []Rule{
		Header("X-Varnish", "", 0.85),
		Header("Via", `varnish`, 0.7),
	}},
}

var hostingTechs = []Technology{
	{Name: "Vercel", Category: PaaS, Website: "https://vercel.com", Rules: []Rule{
		Header("Server", `^Vercel`, 0.95),
		Header("X-Vercel-Id", "", 0.95),
		Header("X-Vercel-Cache", "", 0.95),
		URLHost("vercel.app", 0.95),
	}},
	{Name: "Netlify", Category: PaaS, Website: "https://www.netlify.com", Rules: []Rule{
		Header("Server", `^Netlify`, 0.95),
		Header("X-Nf-Request-Id", "", 0.95),
		URLHost("netlify.app", 0.95),
	}},
	{Name: "Heroku", Category: PaaS, Website: "https://www.heroku.com", Rules: []Rule{
		Header("Via", `vegur`, 0.85),
		Header("Report-To", `heroku-nel`, 0.9),
		URLHost("herokuapp.com", 0.95),
	}},
	{Name: "Render", Category: PaaS, Website: "https://render.com", Rules: []Rule{
		Header("Rndr-Id", "", 0.9),
		URLHost("onrender.com", 0.95),
	}},
	{Name: "Fly.io", Category: PaaS, Website: "https://fly.io", Rules: []Rule{
		Header("Fly-Request-Id", "", 0.95),
		Header("Server", `^Fly/`, 0.95),
		URLHost("fly.dev", 0.95),
	}},
	{Name: "Railway", Category: PaaS, Website: "https://railway.com", Rules: []Rule{
		URLHost("up.railway.app", 0.95),
	}},
	{Name: "Cloudflare Pages", Category: PaaS, Website: "https://pages.cloudflare.com", Rules: []Rule{
		URLHost("pages.dev", 0.95),
	}, Implies: []string{"Cloudflare"}},
	{Name: "Firebase Hosting", Category: PaaS, Website: "https://firebase.google.com/products/hosting", Rules: []Rule{
		URLHost("web.app", 0.9),
		URLHost("firebaseapp.com", 0.9),
	}},
	{Name: "AWS Amplify", Category: PaaS, Website: "https://aws.amazon.com/amplify/", Rules: []Rule{
		URLHost("amplifyapp.com", 0.95),
	}},
	{Name: "DigitalOcean App Platform", Category: PaaS, Website: "https://www.digitalocean.com/products/app-platform", Rules: []Rule{
		URLHost("ondigitalocean.app", 0.95),
	}},
	{Name: "GitHub Pages", Category: Hosting, Website: "https://pages.github.com", Rules: []Rule{
		Header("Server", `^GitHub\.com`, 0.95),
		Header("X-Github-Request-Id", "", 0.85),
		URLHost("github.io", 0.95),
	}},
	{Name: "Google Cloud", Category: Hosting, Website: "https://cloud.google.com", Rules: []Rule{
		Header("Server", `^Google Frontend`, 0.85),
		Header("X-Cloud-Trace-Context", "", 0.8),
		Header("Via", `1\.1 google`, 0.6),
		URLHost("appspot.com", 0.95),
		URLHost("run.app", 0.95),
		HTML(`storage.googleapis.com/`, 0.4),
	}},
	{Name: "Microsoft Azure", Category: Hosting, Website: "https://azure.microsoft.com", Rules: []Rule{
		Cookie("ARRAffinity", 0.85),
		Cookie("ARRAffinitySameSite", 0.85),
		Header("Server", `^Microsoft-Azure-Application-Gateway`, 0.9),
		URLHost("azurewebsites.net", 0.95),
		URLHost("azurestaticapps.net", 0.95),
		HTML(`.blob.core.windows.net/`, 0.45),
	}},
	{Name: "Amazon Web Services", Category: Hosting, Website: "https://aws.amazon.com", Rules: []Rule{
		Header("Server", `^AmazonS3`, 0.9),
		Header("Server", `^awselb`, 0.9),
		Header("X-Amz-Request-Id", "", 0.7),
		Cookie("AWSALB", 0.85),
		Cookie("AWSALBCORS", 0.85),
		URLHost("amazonaws.com", 0.85),
		HTML(`.s3.amazonaws.com/`, 0.45),
	}},
	{Name: "WP Engine", Category: Hosting, Website: "https://wpengine.com", Rules: []Rule{
		Header("X-Powered-By", `WP Engine`, 0.95),
		Header("Wpe-Backend", "", 0.9),
		URLHost("wpengine.com", 0.9),
		URLHost("wpenginepowered.com", 0.9),
	}, Implies: []string{"WordPress"}},
	{Name: "Kinsta", Category: Hosting, Website: "https://kinsta.com", Rules: []Rule{
		Header("X-Kinsta-Cache", "", 0.95),
		URLHost("kinsta.cloud", 0.9),
	}},
	{Name: "Pantheon", Category: Hosting, Website: "https://pantheon.io", Rules: []Rule{
		Header("X-Pantheon-Styx-Hostname", "", 0.95),
		URLHost("pantheonsite.io", 0.95),
	}},
	{Name: "Acquia", Category: Hosting, Website: "https://www.acquia.com", Rules: []Rule{
		Header("X-Ah-Environment", "", 0.95),
	}},
}

var webServerTechs = []Technology{
	{Name: "nginx", Category: WebServer, Website: "https://nginx.org", Rules: []Rule{
		Header("Server", `^nginx(?:/`+ver+`)?`, 0.95),
	}},
	{Name: "Apache HTTP Server", Category: WebServer, Website: "https://httpd.apache.org", Rules: []Rule{
		Header("Server", `^Apache(?:/`+ver+`)?(?:\s|$)`, 0.95),
	}},
	{Name: "Microsoft IIS", Category: WebServer, Website: "https://www.iis.net", Rules: []Rule{
		Header("Server", `^Microsoft-IIS(?:/`+ver+`)?`, 0.95),
	}},
	{Name: "LiteSpeed", Category: WebServer, Website: "https://www.litespeedtech.com", Rules: []Rule{
		Header("Server", `^LiteSpeed`, 0.95),
		Header("X-Litespeed-Cache", "", 0.9),
	}},
	{Name: "Caddy", Category: WebServer, Website: "https://caddyserver.com", Rules: []Rule{
		Header("Server", `^Caddy`, 0.95),
	}},
	{Name: "OpenResty", Category: WebServer, Website: "https://openresty.org", Rules: []Rule{
		Header("Server", `^openresty(?:/`+ver+`)?`, 0.95),
	}},
	{Name: "Envoy", Category: WebServer, Website: "https://www.envoyproxy.io", Rules: []Rule{
		Header("Server", `^envoy`, 0.95),
		Header("X-Envoy-Upstream-Service-Time", "", 0.9),
	}},
	{Name: "Gunicorn", Category: WebServer, Website: "https://gunicorn.org", Rules: []Rule{
		Header("Server", `^gunicorn(?:/`+ver+`)?`, 0.95),
	}},
	{Name: "Kestrel", Category: WebServer, Website: "https://learn.microsoft.com/aspnet/core/fundamentals/servers/kestrel", Rules: []Rule{
		Header("Server", `^Kestrel`, 0.95),
	}},
}

var webFrameworkTechs = []Technology{
	{Name: "PHP", Category: WebFramework, Website: "https://www.php.net", Rules: []Rule{
		Header("X-Powered-By", `PHP(?:/`+ver+`)?`, 0.95),
		Cookie("PHPSESSID", 0.75),
	}},
	{Name: "ASP.NET", Category: WebFramework, Website: "https://dotnet.microsoft.com/apps/aspnet", Rules: []Rule{
		Header("X-Powered-By", `^ASP\.NET`, 0.9),
		Header("X-Aspnet-Version", `^`+ver, 0.95),
		Cookie("ASP.NET_SessionId", 0.85),
		HTML(`id="__VIEWSTATE"`, 0.85),
	}},
	{Name: "Express", Category: WebFramework, Website: "https://expressjs.com", Rules: []Rule{
		Header("X-Powered-By", `^Express`, 0.95),
	}},
	{Name: "Ruby on Rails", Category: WebFramework, Website: "https://rubyonrails.org", Rules: []Rule{
		Meta("csrf-param", `^authenticity_token$`, 0.85),
		Header("X-Powered-By", `Phusion Passenger`, 0.4),
	}},
	{Name: "Django", Category: WebFramework, Website: "https://www.djangoproject.com", Rules: []Rule{
		HTML(`name="csrfmiddlewaretoken"`, 0.9),
		Cookie("csrftoken", 0.6),
		Cookie("django_language", 0.8),
	}},
	{Name: "Laravel", Category: WebFramework, Website: "https://laravel.com", Rules: []Rule{
		Cookie("laravel_session", 0.95),
	}},
	{Name: "Java Servlet", Category: WebFramework, Website: "https://jakarta.ee/specifications/servlet/", Rules: []Rule{
		Cookie("JSESSIONID", 0.8),
	}},
}

var securityTechs = []Technology{
	{Name: "Google reCAPTCHA", Category: Security, Website: "https://www.google.com/recaptcha/about/", Rules: []Rule{
		Script(`(?:google\.com|recaptcha\.net)/recaptcha/`, 0.95),
		Script(`gstatic\.com/recaptcha/`, 0.9),
		HTML(`class="g-recaptcha"`, 0.9),
	}},
	{Name: "hCaptcha", Category: Security, Website: "https://www.hcaptcha.com", Rules: []Rule{
		ScriptHost("hcaptcha.com", 0.95),
		HTML(`class="h-captcha"`, 0.9),
	}},
	{Name: "Cloudflare Turnstile", Category: Security, Website: "https://www.cloudflare.com/products/turnstile/", Rules: []Rule{
		Script(`challenges\.cloudflare\.com/turnstile/`, 0.95),
		HTML(`class="cf-turnstile"`, 0.9),
	}},
	{Name: "Imperva", Category: Security, Website: "https://www.imperva.com", Rules: []Rule{
		Header("X-Cdn", `Incapsula|Imperva`, 0.95),
		Header("X-Iinfo", "", 0.9),
		CookiePrefix("incap_ses_", 0.9),
		CookiePrefix("visid_incap_", 0.9),
	}},
	{Name: "Sucuri", Category: Security, Website: "https://sucuri.net", Rules: []Rule{
		Header("X-Sucuri-Id", "", 0.95),
		Header("Server", `^Sucuri/Cloudproxy`, 0.95),
	}},
	{Name: "Akamai Bot Manager", Category: Security, Website: "https://www.akamai.com/products/bot-manager", Rules: []Rule{
		Cookie("ak_bmsc", 0.85),
		Cookie("_abck", 0.9),
		Cookie("bm_sz", 0.7),
	}, Implies: []string{"Akamai"}},
	{Name: "HUMAN (PerimeterX)", Category: Security, Website: "https://www.humansecurity.com", Rules: []Rule{
		Cookie("_px3", 0.9),
		Cookie("_pxhd", 0.9),
		Cookie("_pxvid", 0.85),
		ScriptHost("client.perimeterx.net", 0.9),
	}},
	{Name: "DataDome", Category: Security, Website: "https://datadome.co", Rules: []Rule{
		Cookie("datadome", 0.95),
		Header("X-Datadome", "", 0.95),
		ScriptHost("js.datadome.co", 0.95),
	}},
	{Name: "AWS WAF", Category: Security, Website: "https://aws.amazon.com/waf/", Rules: []Rule{
		Cookie("aws-waf-token", 0.95),
	}},
	{Name: "F5 BIG-IP", Category: Security, Website: "https://www.f5.com/products/big-ip-services", Rules: []Rule{
		CookiePrefix("BIGipServer", 0.9),
		CookieRe(`^TS[0-9a-f]{8}$`, 0.6),
	}},
	{Name: "Barracuda WAF", Category: Security, Website: "https://www.barracuda.com/products/application-protection", Rules: []Rule{
		CookiePrefix("barra_counter_session", 0.9),
	}},
	{Name: "FortiWeb", Category: Security, Website: "https://www.fortinet.com/products/web-application-firewall/fortiweb", Rules: []Rule{
		CookiePrefix("FORTIWAFSID", 0.9),
	}},
	{Name: "Wordfence", Category: Security, Website: "https://www.wordfence.com", Rules: []Rule{
		CookiePrefix("wfwaf-authcookie-", 0.9),
		Script(`/plugins/wordfence/`, 0.9),
	}, Implies: []string{"WordPress"}},
}

var monitoringTechs = []Technology{
	{Name: "Sentry", Category: Monitoring, Website: "https://sentry.io", Rules: []Rule{
		ScriptHost("browser.sentry-cdn.com", 0.95),
		ScriptHost("js.sentry-cdn.com", 0.95),
		HTML(`Sentry.init(`, 0.85),
		Snippet(`Sentry.init(`, 0.85),
		Snippet(`Raven.config(`, 0.85),
		LegacyHost("cdn.ravenjs.com", 0.9),
		HTMLRe(`sentry.io`, `@o?\d*\.?ingest\.(?:[a-z]{2}\.)?sentry\.io`, 0.85),
	}},
	{Name: "New Relic", Category: Monitoring, Website: "https://newrelic.com", Rules: []Rule{
		ScriptHost("js-agent.newrelic.com", 0.95),
		HTML(`window.NREUM`, 0.9),
		LegacyHost("d1ros97qkrwjf5.cloudfront.net", 0.85),
		HTML(`bam.nr-data.net`, 0.85),
	}},
	{Name: "Datadog RUM", Category: Monitoring, Website: "https://www.datadoghq.com/product/real-user-monitoring/", Rules: []Rule{
		ScriptHost("datadoghq-browser-agent.com", 0.95),
		HTML(`DD_RUM.init(`, 0.9),
		HTML(`window.DD_RUM`, 0.85),
	}},
	{Name: "Dynatrace", Category: Monitoring, Website: "https://www.dynatrace.com", Rules: []Rule{
		Script(`ruxitagentjs`, 0.95),
		Cookie("dtCookie", 0.9),
		Cookie("rxVisitor", 0.8),
	}},
	{Name: "AppDynamics", Category: Monitoring, Website: "https://www.appdynamics.com", Rules: []Rule{
		Script(`/adrum(?:-latest|-ext)?[.\d]*(?:\.min)?\.js`, 0.85),
		Cookie("ADRUM", 0.85),
	}},
	{Name: "Bugsnag", Category: Monitoring, Website: "https://www.bugsnag.com", Rules: []Rule{
		Script(`bugsnag(?:\.min)?\.js`, 0.85),
		HTML(`Bugsnag.start(`, 0.85),
	}},
	{Name: "Rollbar", Category: Monitoring, Website: "https://rollbar.com", Rules: []Rule{
		HTML(`_rollbarConfig`, 0.9),
	}},
	{Name: "SpeedCurve", Category: Monitoring, Website: "https://www.speedcurve.com", Rules: []Rule{
		ScriptHost("cdn.speedcurve.com", 0.95),
	}},
}
